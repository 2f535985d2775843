// `npm run dev`: the API with reload on change, and Vite with hot reload proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@fipay/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@fipay/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
