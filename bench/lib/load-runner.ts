/** Starts bench/load.ts as a second process, waits for its one JSON line, and kills it if it overruns. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { onCleanup } from './cleanup';
import type { LoadRequest, LoadResult } from './load-types';
import { BENCH_DIR, ROOT } from './options';

export async function runLoad<T extends LoadResult>(request: LoadRequest, limitSeconds: number): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'load.ts'), JSON.stringify(request)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = onCleanup(`load process ${child.pid}`, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  let overran = false;
  const timer = setTimeout(() => {
    overran = true;
    child.kill('SIGKILL');
  }, limitSeconds * 1000);
  const code = await exited;
  clearTimeout(timer);
  await stop();
  if (overran) throw new Error(`The load process did not finish within ${limitSeconds} s and was stopped.`);
  const line = stdout.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) {
    throw new Error(`The load process failed (exit ${code}):\n${stderr.trim() || stdout.trim()}`);
  }
  return JSON.parse(line) as T;
}
