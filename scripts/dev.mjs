// `npm run dev`: the API with reload on change (port 3000), and Vite with hot
// reload (port 5173) proxying /api to it. Both run from the repository root so
// they share ./data with `npm start`.
import { spawn } from 'node:child_process';
import { loadDotEnv } from './env.mjs';

loadDotEnv();
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@fipay/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
