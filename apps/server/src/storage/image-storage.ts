/**
 * Where product images live (docs/architecture.md): an interface with a local-disk implementation
 * under DATA_DIR/uploads, served at /uploads/ (the default), and S3Storage (s3-storage.ts) for STORAGE=s3.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ServiceUnavailableError } from '../lib/errors';

export interface ImageStorage {
  /** Stores one file under a key such as 'products/ab12.../640.webp'. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes every file whose key starts with the prefix (all renditions of one image). */
  removePrefix(prefix: string): Promise<void>;
  /** Copies every file under one prefix to the same names under another (all renditions of one image). */
  copyPrefix(from: string, to: string): Promise<void>;
  /** The public URL of a key. */
  url(key: string): string;
}

/** Image keys are unique per upload, so a URL's content never changes: caches may keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const STORAGE_MESSAGES = {
  timedOut: 'The picture could not be stored: the image storage did not answer in time. Please try again.',
  failed: 'The picture could not be stored: the image storage could not be reached. Please try again.',
} as const;

/**
 * The storage did not answer within its time limit, could not be reached or refused a call: 503, the owner may
 * simply try again. `cause` says what failed, for the log (the answer never shows it).
 */
export class StorageUnavailableError extends ServiceUnavailableError {
  constructor(message: string, cause: Error) {
    super(message);
    this.cause = cause;
  }
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export class LocalDiskStorage implements ImageStorage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads/',
  ) {}

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async removePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }

  async copyPrefix(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    await cp(path.join(this.root, from), path.join(this.root, to), {
      recursive: true,
      errorOnExist: true,
      force: false,
    });
  }

  url(key: string): string {
    return `${this.publicPrefix}${key}`;
  }
}

/** The origin images are served from when it is not this server's (an S3 bucket or CDN), for the CSP's img-src. */
export function externalOrigin(storage: ImageStorage): string | undefined {
  const base = storage.url('');
  return /^https?:\/\//i.test(base) ? new URL(base).origin : undefined;
}
