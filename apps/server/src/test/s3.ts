/**
 * A real S3-compatible server inside the test process (STORAGE=s3): s3rver on 127.0.0.1 and a free port,
 * keeping its objects in a temporary folder, with one empty bucket. It checks request signatures against its
 * fixed key pair (S3RVER / S3RVER). Point the app at it with `createTestApp(s3.env)`.
 *
 *   const s3 = await startTestS3Server();
 *   const t = await createTestApp(s3.env);
 *   expect(await s3.keys('products/')).toHaveLength(4);
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from '../storage/s3-storage';

/** The only key pair s3rver accepts. */
const S3RVER_KEY = 'S3RVER';
const BUCKET = 'pumpkart-images';
/** A public base URL as a CDN in front of the bucket would have; nothing answers there. */
export const TEST_S3_PUBLIC_URL = 'https://images.pumpkart.test/catalog/';

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The configuration variables for STORAGE=s3 against this server, with TEST_S3_PUBLIC_URL. */
  env: Record<string, string>;
  /** A storage on this server (options such as pageSize or publicUrl may be changed). */
  storage(options?: Partial<S3StorageOptions>): S3Storage;
  /** Every key in the bucket under a prefix, sorted (listed through the S3 API). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'pumpkart-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  };
  const lister = new S3Storage(options);
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: TEST_S3_PUBLIC_URL,
    },
    storage: (overrides = {}) => new S3Storage({ ...options, ...overrides }),
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await lister.client.send(
          new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    close: async () => {
      lister.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
