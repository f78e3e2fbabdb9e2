/**
 * An exclusive lock on the data directory (docs/decisions/0001-embedded-postgresql-by-default.md):
 * PGlite lets two processes open one data directory without any error, which corrupts it. The lock
 * file holds the owner's pid; a lock whose process is gone is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The message for a data directory this process may not write, as a container's host directory mounted on /data
 * is until it belongs to the image's user (docs/operations.md); undefined for any other error.
 */
export function notWritableMessage(error: unknown, dataDir: string, uid = process.getuid?.()): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return undefined;
  const user = uid === undefined ? 'this server' : `uid ${uid}`;
  return (
    `The data directory ${dataDir} is not writable by ${user} (${code}). Give it to that user` +
    (uid === undefined ? '' : ` (chown -R ${uid}:${uid} ${dataDir})`) +
    `, or set DATA_DIR to a directory it may write; in a container, mount a volume or a host directory owned by ` +
    `uid 1000 on /data, or add podman's :U to the mount.`
  );
}

function writeOrExplain(dataDir: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    const message = notWritableMessage(error, dataDir);
    throw message ? new Error(message, { cause: error }) : error;
  }
}

/** Takes the lock or throws a clear message; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  writeOrExplain(dataDir, () => mkdirSync(dataDir, { recursive: true }));
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeOrExplain(dataDir, () => writeFileSync(file, String(process.pid), { flag: 'wx' }));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another PumpKart server (pid ${owner}). ` +
            'Stop that server, or start this one with a different DATA_DIR.',
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}
