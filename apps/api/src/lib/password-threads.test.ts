import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASSWORD_THREAD_NICE, hashInThread, verifyInThread } from './password-threads';
import { ARGON2_OPTIONS } from './passwords';

/** A thread's nice value, from /proc (field 19 of its task's stat). */
function niceOf(tid: string | number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('password threads', () => {
  it('answers every one of more hashes and checks than there are threads, each with its own result', async () => {
    const count = availableParallelism() * 2 + 1;
    const passwords = Array.from({ length: count }, (_, i) => `Kola-nut ${i} 2026!`);
    const hashes = await Promise.all(passwords.map((password) => hashInThread(password, ARGON2_OPTIONS)));
    expect(new Set(hashes).size).toBe(count);
    for (const stored of hashes) expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    // Each hash checks with its own password only, whichever thread answers which.
    const checks = await Promise.all(hashes.flatMap((stored, i) => [verifyInThread(stored, passwords[i]!), verifyInThread(stored, passwords[(i + 1) % count]!)]));
    expect(checks).toEqual(hashes.flatMap(() => [true, false]));
  });

  it('runs them at a lower priority than the thread that asks, which keeps its own', async () => {
    await Promise.all(Array.from({ length: availableParallelism() * 2 }, () => hashInThread('Kola-nut 2026!', ARGON2_OPTIONS)));
    const lowered = readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === PASSWORD_THREAD_NICE).length;
    expect(PASSWORD_THREAD_NICE).toBeGreaterThan(0);
    // As many threads as cores, however many hashes were asked for at once.
    expect(lowered).toBe(availableParallelism());
    // The asking thread (this process's first task) is not lowered.
    expect(niceOf(process.pid)).toBe(0);
  });

  it('rejects a malformed hash with the library\'s error and goes on answering', async () => {
    await expect(verifyInThread('not-a-hash', 'anything')).rejects.toThrow(/./);
    const stored = await hashInThread('Kola-nut 2026!', ARGON2_OPTIONS);
    expect(await verifyInThread(stored, 'Kola-nut 2026!')).toBe(true);
  });

  it('lets a script end once its hash is answered, and not before', () => {
    const module = fileURLToPath(new URL('./password-threads.ts', import.meta.url));
    const script = `import(${JSON.stringify(module)}).then(async ({ hashInThread }) => { const h = await hashInThread('x-password-1', ${JSON.stringify(ARGON2_OPTIONS)}); console.log(h.slice(0, 10)); })`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('$argon2id$');
    // Exit code 0 within the timeout: the idle workers did not keep the script alive.
    expect(result.status).toBe(0);
  });
});
