/**
 * Node's flags and environment for the server live in apps/server/node-settings.json
 * (docs/decisions/0018-embedded-memory.md): `npm start` and the benchmarks read that file, the
 * Dockerfile cannot, so this test holds its ENV and CMD to the same values. It also starts Node with the flags, so
 * that a flag this Node.js does not know (it would refuse to start the server) fails here first.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import settings from '../node-settings.json';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The runtime stage of the Dockerfile: its ENV assignments and its CMD as an argument list. */
function dockerRuntime(): { env: Record<string, string>; cmd: string[] } {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of runtime.split('\n').filter((entry) => entry.startsWith('ENV '))) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name!] = value!;
  }
  const cmd = runtime.split('\n').findLast((line) => line.startsWith('CMD '));
  return { env, cmd: cmd ? (JSON.parse(cmd.slice(4)) as string[]) : [] };
}

describe('the server process settings (apps/server/node-settings.json)', () => {
  it('are the Dockerfile runtime image ENV and CMD', () => {
    const docker = dockerRuntime();
    expect(docker.cmd).toEqual(['node', ...settings.nodeArgs, 'apps/server/dist/main.js']);
    expect(docker.env).toMatchObject(settings.env);
  });

  it('are flags this Node.js accepts, and they bound the heap', () => {
    const probe = spawnSync(
      process.execPath,
      [
        ...settings.nodeArgs,
        '-e',
        "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))",
      ],
      { encoding: 'utf8', env: { ...process.env, ...settings.env } },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const limitMb = Number(probe.stdout) / 1024 / 1024;
    const oldSpaceMb = Number(/--max-old-space-size=(\d+)/.exec(settings.nodeArgs.join(' '))?.[1]);
    // The heap's limit is the old generation's plus the young generation's (a few semi-spaces).
    expect(limitMb).toBeGreaterThanOrEqual(oldSpaceMb);
    expect(limitMb).toBeLessThan(oldSpaceMb + 64);
  });
});
