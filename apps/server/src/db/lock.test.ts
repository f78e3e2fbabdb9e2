/**
 * The data directory's lock (db/lock.ts): a directory the server may not write (a host directory mounted on a
 * container's /data, owned by another user) is said in words, with the fix, not as a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { notWritableMessage } from './lock';

describe('the data directory lock', () => {
  it('says how to fix a data directory the server may not write', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/data/server.lock'"), { code: 'EACCES' });
    expect(notWritableMessage(denied, '/data', 1000)).toBe(
      'The data directory /data is not writable by uid 1000 (EACCES). Give it to that user (chown -R 1000:1000 /data), ' +
        'or set DATA_DIR to a directory it may write; in a container, mount a volume or a host directory owned by ' +
        "uid 1000 on /data, or add podman's :U to the mount.",
    );
    expect(notWritableMessage(Object.assign(new Error('read-only'), { code: 'EROFS' }), '/data', 1000)).toMatch(
      /^The data directory \/data is not writable by uid 1000 \(EROFS\)/,
    );
    expect(notWritableMessage(Object.assign(new Error('full'), { code: 'ENOSPC' }), '/data', 1000)).toBeUndefined();
  });
});
