import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Argon2id's hashing and verifying, in worker threads of their own: one per core, each at a lower scheduling
 * priority than the server's thread (docs/decisions/0111-password-hashing-yields-to-requests.md).
 *
 * Through `@node-rs/argon2`'s asynchronous calls every hash ran on libuv's pool, four threads whatever the machine:
 * on two cores, four sign-ins at once meant four 19 MiB hashes taking turns on two cores. One worker per core runs
 * the synchronous call, so hashes wait in a queue here instead and each runs without interruption; each worker
 * also lowers its own priority (nice 10; on Linux a thread's nice value is its own), so the server's thread, the work
 * of every other request, runs first when both are ready. libuv's pool stays free for files and DNS. Workers start
 * at the first hash and hold the process open only while they hash.
 */

type Job = { op: 'hash'; password: string; options: object } | { op: 'verify'; hash: string; password: string };
type Pending = { job: Job; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { ok: true; value: unknown } | { ok: false; message: string };

/** The priority the workers give themselves: below the server's thread, which stays at the process's. */
export const PASSWORD_THREAD_NICE = 10;

/** The workers' code: plain CommonJS, so it runs the same from the sources and from the build. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2);
// On Linux a thread's nice value is its own; elsewhere it would be the whole process's, so it is left alone there.
if (process.platform === 'linux') try { setPriority(${PASSWORD_THREAD_NICE}); } catch {}
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash' ? argon2.hashSync(job.password, job.options) : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

const argon2Entry = createRequire(import.meta.url).resolve('@node-rs/argon2');

/** As many workers as the machine has cores: more only make the hashes take turns, each with its 19 MiB. */
const THREAD_COUNT = availableParallelism();

class PasswordThreads {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private started = 0;

  run<T>(job: Job): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < THREAD_COUNT ? this.start() : undefined);
      if (!worker) return;
      this.assign(worker, this.queue.shift()!);
    }
  }

  private start(): Worker {
    this.started += 1;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: argon2Entry } });
    worker.unref();
    return worker;
  }

  private assign(worker: Worker, pending: Pending): void {
    const settle = (answer: Answer) => {
      worker.off('error', fail);
      worker.unref();
      if (answer.ok) pending.resolve(answer.value);
      else pending.reject(new Error(answer.message));
      this.idle.push(worker);
      this.dispatch();
    };
    // A worker that dies takes its job with it: the job fails, and a new worker takes the next.
    const fail = (error: Error) => {
      worker.off('message', settle);
      this.started -= 1;
      pending.reject(error);
      this.dispatch();
    };
    // A worker holds the process open while it hashes (a script awaiting a hash is not cut short), and not idle.
    worker.ref();
    worker.once('message', settle);
    worker.once('error', fail);
    worker.postMessage(pending.job);
  }
}

const threads = new PasswordThreads();

export function hashInThread(password: string, options: object): Promise<string> {
  return threads.run<string>({ op: 'hash', password, options });
}

export function verifyInThread(hash: string, password: string): Promise<boolean> {
  return threads.run<boolean>({ op: 'verify', hash, password });
}
