/**
 * Processes the bench starts (the product as `npm start` runs it, the bare baselines, the ledger runners), each
 * stopped by its own PID: SIGTERM, then SIGKILL after a grace period. Nothing is stopped by name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const running = new Set<ChildProcess>();

function killAll(signal: NodeJS.Signals) {
  for (const child of running) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, signal);
      } catch {
        // Gone already.
      }
    }
  }
}
process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll('SIGTERM');
    process.exit(130);
  });
}

export type Proc = { child: ChildProcess; pid: number; stop: () => Promise<void>; exited: Promise<number | null> };

/**
 * Starts `args` with node; stdout (the product's log lines) goes to `logFile` when given, as a redirected
 * `npm start` writes them, else it is ignored; stderr is kept for errors.
 */
export function startNode(args: string[], env: NodeJS.ProcessEnv, options: { logFile?: string; name: string }): Proc {
  // The log file is the child's own stdout, as with `npm start > file`: no pipe through this process.
  const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, 'pipe'] });
  if (typeof out === 'number') closeSync(out);
  if (!child.pid) throw new Error(`${options.name}: could not start`);
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      if (code && code !== 0 && code !== 143) {
        let log = '';
        try {
          log = options.logFile ? readFileSync(options.logFile, 'utf8').slice(-3000) : '';
        } catch {
          // No log written.
        }
        console.error(`${options.name} (pid ${child.pid}) exited with ${code}:\n${stderr}${log ? `\nlast log lines:\n${log}` : ''}`);
      }
      resolve(code);
    }),
  );
  const pid = child.pid;
  return {
    child,
    pid,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of one process in bytes (Linux /proc), 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls `url` until it answers 200, within `timeoutMs`; answers the milliseconds it took. */
export async function waitForOk(url: string, timeoutMs: number, proc?: Proc): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) throw new Error(`${url}: the process exited before answering`);
    if (performance.now() - started > timeoutMs) throw new Error(`${url}: no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
