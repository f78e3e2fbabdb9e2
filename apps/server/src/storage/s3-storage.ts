/**
 * Product images in an S3-compatible bucket (STORAGE=s3; README "Images on S3-compatible storage"): AWS S3,
 * Cloudflare R2, MinIO, through the official AWS SDK client. Browsers fetch the objects straight from the
 * bucket's public address (S3_PUBLIC_URL), never through this server. Every call has a time limit (S3_TIMEOUT_MS,
 * 10 s by default): a silent, unreachable or refusing service fails the call with StorageUnavailableError (503),
 * never a request that hangs or a generic 500.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import {
  assertSafeKey,
  IMMUTABLE_CACHE_CONTROL,
  STORAGE_MESSAGES,
  StorageUnavailableError,
  type ImageStorage,
} from './image-storage';

/** Keys per ListObjectsV2 page: S3's maximum, and also the most one DeleteObjects takes. */
export const S3_PAGE_SIZE = 1000;
/** How long one call may take when no limit is given (S3_TIMEOUT_MS's default). */
export const S3_TIMEOUT_MS = 10_000;

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The service's address; unset: AWS S3. */
  endpoint?: string;
  /** Both or neither: neither uses the AWS SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base of the public image URLs; unset: the bucket's own address. */
  publicUrl?: string;
  forcePathStyle?: boolean;
  /** Keys per list page (tests lower it to walk several pages). */
  pageSize?: number;
  /** Milliseconds one call may take, the SDK's own retries included (default S3_TIMEOUT_MS). */
  timeoutMs?: number;
}

const withSlash = (url: string) => url.replace(/\/*$/, '/');

export class S3Storage implements ImageStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;
  private readonly pageSize: number;
  private readonly timeoutMs: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.pageSize = options.pageSize ?? S3_PAGE_SIZE;
    this.timeoutMs = options.timeoutMs ?? S3_TIMEOUT_MS;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK's default CRC checksums on every request are not understood by every S3-compatible
      // service; send them only where S3 requires one (DeleteObjects).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.publicBase = withSlash(
      options.publicUrl ??
        (options.endpoint
          ? `${withSlash(options.endpoint)}${options.bucket}`
          : `https://${options.bucket}.s3.${options.region}.amazonaws.com`),
    );
  }

  /**
   * Runs one call within the time limit. The caller is answered when the limit passes even while the SDK is still
   * retrying, and the call is aborted (its socket closed); any failure becomes a StorageUnavailableError.
   */
  private async call<T>(name: string, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        const detail = new Error(`S3 ${name} did not answer within ${this.timeoutMs} ms`);
        reject(new StorageUnavailableError(STORAGE_MESSAGES.timedOut, detail));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([run(controller.signal), limit]);
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new StorageUnavailableError(STORAGE_MESSAGES.failed, new Error(`S3 ${name} failed: ${reason}`));
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.call('PutObject', (abortSignal) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
        { abortSignal },
      ),
    );
  }

  /** Removes every object under `prefix/`, one DeleteObjects per listed page. */
  async removePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    for await (const keys of this.listPages(prefix)) {
      if (keys.length === 0) continue;
      const result = await this.call('DeleteObjects', (abortSignal) =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
          { abortSignal },
        ),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`Could not delete ${failed.length} object(s) under ${prefix}: ${failed[0]!.Message ?? ''}`);
      }
    }
  }

  /** Copies every object under `from/` to the same name under `to/` (server-side, keeping its headers). */
  async copyPrefix(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    const source = withSlash(from);
    const target = withSlash(to);
    let copied = 0;
    for await (const keys of this.listPages(from)) {
      await Promise.all(
        keys.map((key) =>
          this.call('CopyObject', (abortSignal) =>
            this.client.send(
              new CopyObjectCommand({
                Bucket: this.bucket,
                // Safe keys need no URL encoding.
                CopySource: `${this.bucket}/${key}`,
                Key: `${target}${key.slice(source.length)}`,
              }),
              { abortSignal },
            ),
          ),
        ),
      );
      copied += keys.length;
    }
    // As the disk copy does, a missing source is an error rather than an image without files.
    if (copied === 0) throw new Error(`Nothing stored under ${from}`);
  }

  url(key: string): string {
    return `${this.publicBase}${key}`;
  }

  /** The keys under `prefix/`, one ListObjectsV2 page at a time. */
  private async *listPages(prefix: string): AsyncGenerator<string[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.call('ListObjectsV2', (abortSignal) =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: withSlash(prefix),
            MaxKeys: this.pageSize,
            ContinuationToken,
          }),
          { abortSignal },
        ),
      );
      yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}

/** The storage the configuration names (STORAGE; configProblems() has checked the S3 settings). */
export function s3StorageOf(config: Config): S3Storage {
  return new S3Storage({
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    timeoutMs: config.S3_TIMEOUT_MS,
  });
}
