import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { expect, test } from '@playwright/test';

// Scale-out, shown on this machine: `npm run cluster` (nginx in front of two API instances on one
// PostgreSQL database and one Redis), signed up and signed in through nginx, then one instance
// killed with SIGKILL under load. Runs when TEST_DATABASE_URL names a PostgreSQL server
// (playwright.config.ts leaves it out otherwise: two instances cannot share the embedded database).

type Cluster = { url: string; nginxPid: number; instances: { name: string; pid: number; port: number }[]; accessLog: string };

const serverUrl = process.env.TEST_DATABASE_URL!;
const database = `fipay_cluster_${randomBytes(5).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-cluster-test-'));

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let sequence = 0;
function newSignup() {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    company: {
      name: `Cluster Foods ${tag}`,
      email: `accounts-${tag}@clusterfoods.ng`,
      phone: '+234 1 555 0100',
      website: 'https://clusterfoods.ng',
      countryId: 160,
      address: '3 Broad Street, Lagos Island, Lagos',
      registrationNo: 'RC7654321',
    },
    user: {
      firstName: 'Tolu',
      lastName: 'Adebayo',
      email: `tolu-${tag}@clusterfoods.ng`,
      phone: `0809${String((Date.now() + sequence) % 1e7).padStart(7, '0')}`,
      password: 'Plantain & Pepper 9',
    },
  };
}

async function verificationLink(to: string): Promise<URL | undefined> {
  const mailDir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(mailDir);
  } catch {
    return undefined;
  }
  for (const name of files) {
    const message = await simpleParser(readFileSync(path.join(mailDir, name)));
    if (JSON.stringify(message.to ?? '').includes(to)) {
      const href = (message.text ?? '').match(/https?:\/\/\S+/)?.[0];
      if (href) return new URL(href);
    }
  }
  return undefined;
}

/** Upstream addresses in nginx's access log ('$remote_addr "$request" $status $upstream_addr $request_time'). */
function upstreamsServed(accessLog: string): Set<string> {
  const served = new Set<string>();
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const match = line.match(/" (\d{3}) (\S+) /);
    if (match && match[1] !== '502') for (const address of match[2]!.split(', ')) served.add(address);
  }
  return served;
}

let script: ChildProcess | undefined;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const port = await freePort();
  script = spawn(process.execPath, ['scripts/cluster.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      DATA_DIR: dataDir,
      CLUSTER_PORT: String(port),
      SMTP_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: JSON.stringify({ signupPerIp: { limit: 5000, windowSeconds: 3600 } }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  script.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cluster = await new Promise<Cluster>((resolve, reject) => {
    createInterface({ input: script!.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('CLUSTER ')) resolve(JSON.parse(line.slice('CLUSTER '.length)) as Cluster);
    });
    script!.once('exit', (code) => reject(new Error(`npm run cluster exited (${code}) before it was ready:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (script && script.exitCode === null) {
    const exited = new Promise((resolve) => script!.once('exit', resolve));
    script.kill('SIGTERM');
    await exited;
  }
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  rmSync(dataDir, { recursive: true, force: true });
});

test('two instances behind nginx: both serve, and killing one under load loses no acknowledged write', async () => {
  test.setTimeout(180_000);
  const api = (route: string, init?: RequestInit) =>
    fetch(`${cluster.url}/api/v1${route}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });

  // Sign up, verify and sign in through nginx; the instances take turns.
  const first = newSignup();
  expect((await api('/auth/signup', { method: 'POST', body: JSON.stringify(first) })).status).toBe(201);
  let link: URL | undefined;
  await expect.poll(async () => (link = await verificationLink(first.user.email)), { timeout: 20_000 }).toBeDefined();
  expect((await api(`/auth/verify-email?token=${link!.searchParams.get('token')}`)).status).toBe(200);
  const signIn = () => api('/auth/login/verify-otp', { method: 'POST', body: JSON.stringify({ email: first.user.email, password: first.user.password, otp: '' }) });
  const session = await signIn();
  expect(session.status).toBe(200);
  const { accessToken } = (await session.json()).data as { accessToken: string };
  // A token signed by one instance is good on the other.
  for (let i = 0; i < 4; i++) expect((await api('/account/me', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
  expect(upstreamsServed(cluster.accessLog)).toEqual(new Set(cluster.instances.map((i) => `127.0.0.1:${i.port}`)));

  // Sign-ups from 6 clients at once; the first instance is killed once 40 are acknowledged, and the load goes on
  // until 30 sign-ups have been sent more than a second after the kill (however fast or slow the machine is),
  // never more than 600 in all.
  const victim = cluster.instances[0]!;
  const acknowledged: string[] = [];
  const afterKill: number[] = [];
  let killedAt = 0;
  let sentAfterKill = 0;
  let started = 0;
  const enough = () => started >= 600 || sentAfterKill >= 30;
  const client = async () => {
    while (!enough()) {
      started += 1;
      const body = newSignup();
      const sentAt = Date.now();
      const late = killedAt > 0 && sentAt > killedAt + 1_000;
      if (late) sentAfterKill += 1;
      const status = await api('/auth/signup', { method: 'POST', body: JSON.stringify(body) }).then((r) => r.status, () => 0);
      if (status === 201) acknowledged.push(body.user.email);
      if (late) afterKill.push(status);
      if (!killedAt && acknowledged.length >= 40) {
        killedAt = Date.now();
        process.kill(victim.pid, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, client));

  expect(killedAt).toBeGreaterThan(0);
  // Requests sent a second after the kill all reached the survivor.
  expect(afterKill.length).toBeGreaterThanOrEqual(30);
  expect(afterKill.filter((s) => s !== 201)).toEqual([]);
  // Every sign-up that was answered 201 is in the database.
  const stored = await admin(
    (db) => db.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [acknowledged]).then((r) => r.rows.map((row) => row.email)),
    databaseUrl,
  );
  expect(stored.sort()).toEqual([...acknowledged].sort());
  // Only requests in flight to the killed instance may go unanswered.
  expect(acknowledged.length).toBeGreaterThan(started - 10);

  // The survivor serves everything: signing in, and the token from before the kill.
  expect((await signIn()).status).toBe(200);
  expect((await api('/account/me', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
  expect(script!.exitCode).toBeNull();
});
