// Runs commands side by side and fails when any of them fails.
//   node scripts/parallel.mjs "tsc -p apps/api" "eslint ."
// prints each one's output whole once it ends (short commands whose output is read after);
//   node scripts/parallel.mjs --stream "vitest run" "playwright test"
// prints each line as it comes, led by the command's first word (long runs whose progress is worth seeing).
import { spawn } from 'node:child_process';

const stream = process.argv[2] === '--stream';
const commands = process.argv.slice(stream ? 3 : 2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs [--stream] "<command>" ["<command>" ...]');
  process.exit(2);
}

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const started = performance.now();
      const label = `[${command.split(' ')[0]}] `;
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      const output = [];
      let partial = '';
      const take = (chunk) => {
        if (!stream) return output.push(chunk);
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label}${line}\n`);
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('close', (code, signal) => {
        if (partial) process.stdout.write(`${label}${partial}\n`);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        process.stdout.write(`> ${command} (${code === 0 ? 'ok' : `failed: ${signal ?? `exit ${code}`}`}, ${seconds} s)\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
