// `npm run dev`: the API server with reload (tsx watch, port 3000) and Vite's dev server with hot
// module replacement (port 5173, proxying /api and /uploads to 3000). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { NODE_ENV: 'development', ...process.env };
const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/server'], { cwd: root, stdio: 'inherit', env }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && (stop(), process.exit(code))));
