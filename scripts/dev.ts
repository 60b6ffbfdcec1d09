// `npm run dev`: the API restarting on every change (tsx watch) beside Vite's dev server for
// the admin. Both stop together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/api.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'admin/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
