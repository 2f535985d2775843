// `npm run cluster`: nginx (Debian's package) in front of two API instances that share one
// PostgreSQL database, one Redis and one data folder, as a scaled-out deployment runs. For trying
// scale-out on one machine; compose.yaml is the production shape.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster
//
// Settings: CLUSTER_PORT (nginx, default 8080), CLUSTER_HOST (default 127.0.0.1), and the server's
// own (DATA_DIR, SMTP_URL, RATE_LIMITS, …; see the README). JWT_SECRET and ENCRYPTION_KEY are made
// once here when unset, so both instances sign and encrypt alike. Prints one `CLUSTER {json}` line
// with the address and each process's PID once everything answers. SIGINT or SIGTERM stops all.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { at, buildIfStale } from './build-if-stale.mjs';
import { loadDotEnv } from './env.mjs';

loadDotEnv(at('.env'));
const env = process.env;
if (!env.DATABASE_URL) {
  console.error('npm run cluster needs DATABASE_URL: two instances cannot share the embedded database.');
  process.exit(1);
}
if (!env.REDIS_URL) console.warn('REDIS_URL is not set: each instance keeps its own rate-limit counters.');
if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error) {
  console.error('npm run cluster needs nginx on the PATH (Debian: apt-get install nginx-light).');
  process.exit(1);
}

buildIfStale();

const host = env.CLUSTER_HOST ?? '127.0.0.1';
const port = Number(env.CLUSTER_PORT ?? 8080);
const publicUrl = env.APP_URL ?? `http://${host}:${port}`;
const dataDir = path.resolve(env.DATA_DIR ?? './data');
mkdirSync(dataDir, { recursive: true });
const shared = {
  ...env,
  NODE_ENV: env.NODE_ENV ?? 'production',
  HOST: '127.0.0.1',
  APP_URL: publicUrl,
  DATA_DIR: dataDir,
  TRUST_PROXY: 'true',
  JWT_SECRET: env.JWT_SECRET || randomBytes(48).toString('base64url'),
  ENCRYPTION_KEY: env.ENCRYPTION_KEY || randomBytes(48).toString('base64url'),
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

/** Each line a child writes, prefixed with its name. */
function relay(name, child) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), 'fipay-cluster-'));
const processes = new Map();
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  const exits = [...processes.values()].map(
    ({ child, stopSignal }) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill(stopSignal);
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  );
  await Promise.all(exits);
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

function start(name, command, args, options, stopSignal) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.set(name, { child, stopSignal });
  relay(name, child);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.log(`${name} exited (${signal ?? `code ${code}`})`);
    const apisLeft = [...processes].filter(([n, p]) => n.startsWith('api') && p.child.exitCode === null && p.child.signalCode === null);
    // nginx gone, or no instance left to serve: nothing is being served, so stop the rest.
    if (name === 'nginx' || apisLeft.length === 0) void stop(1);
    else console.log(`${apisLeft.map(([n]) => n).join(', ')} keeps serving`);
  });
  return child;
}

async function waitUntilReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(`${url} did not become ready within ${timeoutMs / 1000} s`);
  await stop(1);
}

const instances = [];
for (const name of ['api-1', 'api-2']) {
  const instancePort = await freePort();
  const child = start(name, process.execPath, [at('apps/api/dist/server.js')], { env: { ...shared, PORT: String(instancePort) } }, 'SIGTERM');
  instances.push({ name, pid: child.pid, port: instancePort });
}
for (const instance of instances) await waitUntilReady(`http://127.0.0.1:${instance.port}/api/v1/ready`, 60_000);

const accessLog = path.join(workDir, 'access.log');
// No keep-alive to the instances: a request always opens a connection, so one refused by a dead
// instance is passed to the other before anything was sent (non-idempotent requests included).
const nginxConf = `
worker_processes 1;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr $request_time';
  access_log ${accessLog} upstream;
  client_body_temp_path ${workDir}/client-body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  client_max_body_size 12m;
  server_tokens off;
  upstream fipay_api {
${instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen ${host}:${port};
    location / {
      proxy_pass http://fipay_api;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout;
      proxy_buffering off;
    }
  }
}
`;
writeFileSync(path.join(workDir, 'nginx.conf'), nginxConf);
const nginx = start('nginx', 'nginx', ['-p', workDir, '-c', path.join(workDir, 'nginx.conf')], {}, 'SIGQUIT');
await waitUntilReady(`http://${host}:${port}/api/v1/ready`, 20_000);

console.log(`FiPay cluster at http://${host}:${port}: nginx (pid ${nginx.pid}) → ${instances.map((i) => `${i.name} (pid ${i.pid}, 127.0.0.1:${i.port})`).join(', ')}`);
console.log(`CLUSTER ${JSON.stringify({ url: `http://${host}:${port}`, nginxPid: nginx.pid, instances, accessLog })}`);
