import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server as `npm start` runs it, in a process of its own on the embedded database in `dataDir`, with
 * nothing else configured but `env`; resolves once it answers /ready. `output` collects its log.
 */
export async function spawnServer(options: { dataDir: string; env?: Record<string, string>; readyTimeoutMs?: number }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const process_ = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: '',
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
    /** Ends it at once, as a crash or `kill -9` would, and waits until it is gone. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await process_.exited;
    },
  };
  child.stdout.on('data', (chunk: Buffer) => (process_.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (process_.output += chunk.toString()));
  // A loop rather than expect.poll, so that a hook (beforeAll) can start one too.
  const until = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if ((await fetch(`${process_.baseUrl}/api/v1/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status === 200) return process_;
    if (Date.now() > until || child.exitCode !== null || child.signalCode !== null) {
      await process_.kill();
      throw new Error(`The server did not answer /ready (exit ${child.exitCode ?? child.signalCode ?? 'none'}):\n${process_.output.slice(-2_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
