/**
 * Product images on S3-compatible storage (STORAGE=s3), against s3rver running in this process: the
 * storage's operations, then an admin's upload through the API landing in the bucket; and against a service that
 * never answers (a TCP server that accepts and stays silent) or cannot be reached (a closed port).
 */
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { productSchema } from '@pumpkart/shared';
import { loadConfig } from '../config';
import { productImages, products } from '../db/schema';
import { processImages } from '../modules/products';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { productForm, testPng } from '../test/catalog-factories';
import { createTestAdmin, createTestProduct } from '../test/factories';
import { startTestS3Server, TEST_S3_PUBLIC_URL, type TestS3Server } from '../test/s3';
import { IMMUTABLE_CACHE_CONTROL, STORAGE_MESSAGES, StorageUnavailableError, type ImageStorage } from './image-storage';
import { S3Storage, s3StorageOf } from './s3-storage';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3?.close());

const webp = Buffer.from('RIFF....WEBPVP8 not really an image');

describe('S3Storage', () => {
  it('puts an object with its content type and the long cache lifetime, at the public URL', async () => {
    const storage = s3.storage({ publicUrl: TEST_S3_PUBLIC_URL });
    await storage.put('products/put-test/640.webp', webp, 'image/webp');
    const object = await storage.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: 'products/put-test/640.webp' }),
    );
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(webp);
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(storage.url('products/put-test/640.webp')).toBe(`${TEST_S3_PUBLIC_URL}products/put-test/640.webp`);
  });

  it('without a public URL, points at the bucket: path-style under the endpoint, or AWS S3 virtual-hosted', () => {
    expect(s3.storage().url('products/a/320.webp')).toBe(`${s3.endpoint}/${s3.bucket}/products/a/320.webp`);
    const aws = new S3Storage({ bucket: 'shop-images', region: 'ap-south-1' });
    expect(aws.url('products/a/320.webp')).toBe('https://shop-images.s3.ap-south-1.amazonaws.com/products/a/320.webp');
    aws.client.destroy();
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = s3.storage();
    await expect(storage.put('../escape.webp', webp, 'image/webp')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.removePrefix('products/../..')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.copyPrefix('/products/a', 'products/b')).rejects.toThrow(/Unsafe storage key/);
  });

  it('copies every object under a prefix, keeping its headers, and refuses a missing source', async () => {
    const storage = s3.storage({ pageSize: 2 });
    for (const width of [320, 480, 640]) await storage.put(`products/copy-from/${width}.webp`, webp, 'image/webp');
    await storage.put('products/copy-from-other/320.webp', webp, 'image/webp');
    await storage.copyPrefix('products/copy-from', 'products/copy-to');
    expect(await s3.keys('products/copy-to')).toEqual([
      'products/copy-to/320.webp',
      'products/copy-to/480.webp',
      'products/copy-to/640.webp',
    ]);
    const head = await storage.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'products/copy-to/640.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    await expect(storage.copyPrefix('products/never-stored', 'products/copy-none')).rejects.toThrow(/Nothing stored/);
  });

  it('removes every object under a prefix over several list pages, and nothing beside it', async () => {
    const storage = s3.storage({ pageSize: 2 });
    const widths = [320, 480, 640, 1024, 1600];
    for (const width of widths) await storage.put(`products/remove-me/${width}.webp`, webp, 'image/webp');
    await storage.put('products/remove-me-not/320.webp', webp, 'image/webp');
    expect(await s3.keys('products/remove-me/')).toHaveLength(widths.length);
    await storage.removePrefix('products/remove-me');
    expect(await s3.keys('products/remove-me/')).toEqual([]);
    expect(await s3.keys('products/remove-me-not/')).toEqual(['products/remove-me-not/320.webp']);
    // Nothing left to remove is not an error (a second removal of the same image).
    await storage.removePrefix('products/remove-me');
  });
});

describe('configuration', () => {
  it('builds the storage from the STORAGE=s3 variables', async () => {
    const storage = s3StorageOf(loadConfig({ NODE_ENV: 'test', ...s3.env, S3_PUBLIC_URL: '' }));
    await storage.put('products/from-config/320.webp', webp, 'image/webp');
    expect(await s3.keys('products/from-config/')).toEqual(['products/from-config/320.webp']);
    expect(storage.url('k')).toBe(`${s3.endpoint}/${s3.bucket}/k`);
  });
});

describe('admin image upload with STORAGE=s3', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(s3.env);
    adminToken = (await createTestAdmin(t.app)).token;
  });
  afterAll(() => t?.close());

  it('writes the renditions to the bucket, and the product shows them at S3_PUBLIC_URL', async () => {
    const form = productForm(
      { title: 'Bucket Dispenser', category: 'Fuel Dispensers', brand: 'Gilbarco', price: 1000, stock: 5 },
      { images: [{ name: 'front.png', data: await testPng(1200, 900) }] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(adminToken),
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [image] = productSchema.parse(res.json()).images;
    expect(image!.url).toBe(`${TEST_S3_PUBLIC_URL}${image!.public_id}/640.webp`);
    expect(image!.sizes.map((size) => size.url)).toEqual(
      [320, 480, 640, 1024].map((width) => `${TEST_S3_PUBLIC_URL}${image!.public_id}/${width}.webp`),
    );
    expect(await s3.keys(`${image!.public_id}/`)).toEqual(
      [1024, 320, 480, 640].map((width) => `${image!.public_id}/${width}.webp`),
    );
    const stored = await s3
      .storage()
      .client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${image!.public_id}/1024.webp` }));
    const meta = await sharp(Buffer.from(await stored.Body!.transformToByteArray())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1024]);
    // Nothing on disk, and the pages may load images from the bucket's origin.
    expect(existsSync(path.join(t.config.DATA_DIR, 'uploads', image!.public_id))).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/images\.pumpkart\.test/);

    // Removing the image deletes its objects from the bucket.
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/products/remove-image',
      headers: bearer(adminToken),
      payload: { productId: res.json()._id, public_id: image!.public_id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s3.keys(`${image!.public_id}/`)).toEqual([]);
  });
});

/** A service that takes connections and never answers them; its port is held open until close(). */
async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The address of a port nothing listens on (taken, then released at once). */
async function closedEndpoint(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const TIME_LIMIT_MS = 400;

describe('a silent or unreachable S3 service (S3_TIMEOUT_MS)', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let closed: string;
  beforeAll(async () => {
    silent = await startSilentServer();
    closed = await closedEndpoint();
  });
  afterAll(() => silent?.close());

  it('fails each call with a 503 storage error: at the time limit when silent, at once when unreachable', async () => {
    for (const [endpoint, message, atLeast] of [
      [silent.endpoint, STORAGE_MESSAGES.timedOut, TIME_LIMIT_MS],
      [closed, STORAGE_MESSAGES.failed, 0],
    ] as const) {
      const storage = s3.storage({ endpoint, timeoutMs: TIME_LIMIT_MS });
      for (const call of [
        () => storage.put('products/silent/320.webp', webp, 'image/webp'),
        () => storage.removePrefix('products/silent'),
        () => storage.copyPrefix('products/silent', 'products/silent-copy'),
      ]) {
        const started = Date.now();
        const error = await call().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        const took = Date.now() - started;
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect((error as StorageUnavailableError).statusCode).toBe(503);
        expect((error as Error).message).toBe(message);
        expect(took).toBeGreaterThanOrEqual(atLeast - 20);
        expect(took).toBeLessThan(TIME_LIMIT_MS + 1_500);
      }
      storage.client.destroy();
    }
  });

  it('takes S3_TIMEOUT_MS from the configuration (10 s by default)', () => {
    expect(loadConfig({ NODE_ENV: 'test', ...s3.env }).S3_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ NODE_ENV: 'test', ...s3.env, S3_TIMEOUT_MS: '2500' }).S3_TIMEOUT_MS).toBe(2_500);
  });

  it('removes the renditions a failed upload already stored (best effort, after the answer)', async () => {
    const good = s3.storage();
    const failing = s3.storage({ endpoint: silent.endpoint, timeoutMs: TIME_LIMIT_MS });
    // The first image's four renditions reach the bucket; the second image's meet the silent service.
    let puts = 0;
    const storage: ImageStorage = {
      put: (key, data, type) => ((puts += 1) <= 4 ? good : failing).put(key, data, type),
      removePrefix: (prefix) => good.removePrefix(prefix),
      copyPrefix: (from, to) => good.copyPrefix(from, to),
      url: (key) => good.url(key),
    };
    const before = await s3.keys('products/');
    const uploads = [
      { name: 'first.png', data: await testPng(1200, 900) },
      { name: 'second.png', data: await testPng(1200, 900, '#b02f2f') },
    ];
    await expect(processImages(storage, uploads, { concurrency: 1 })).rejects.toThrow(STORAGE_MESSAGES.timedOut);
    expect(puts).toBe(8);
    await expect.poll(() => s3.keys('products/'), { timeout: 5_000 }).toEqual(before);
    failing.client.destroy();
  });

  describe.each([
    ['silent', () => silent.endpoint, STORAGE_MESSAGES.timedOut],
    ['unreachable', () => closed, STORAGE_MESSAGES.failed],
  ] as const)('an admin saving a picture while the service is %s', (_, endpoint, message) => {
    let t: TestApp;
    let adminToken: string;
    beforeAll(async () => {
      t = await createTestApp({ ...s3.env, S3_ENDPOINT: endpoint(), S3_TIMEOUT_MS: String(TIME_LIMIT_MS) });
      adminToken = (await createTestAdmin(t.app)).token;
    });
    afterAll(() => t?.close());

    it('gets a 503 saying the picture could not be stored, soon, and nothing is written', async () => {
      const title = `Unstored Dispenser ${message.length}`;
      const form = productForm(
        { title, category: 'Fuel Dispensers', brand: 'Gilbarco', price: 1000, stock: 5 },
        { images: [{ name: 'front.png', data: await testPng(1200, 900) }] },
      );
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(adminToken),
        payload: form,
      });
      expect(Date.now() - started).toBeLessThan(TIME_LIMIT_MS + 3_000);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message });
      expect(await t.db.select().from(products).where(eq(products.title, title))).toEqual([]);
      expect(await t.db.select().from(productImages)).toEqual([]);
    });

    it('refuses an edit adding a picture the same way, leaving the product as it was', async () => {
      const { product } = await createTestProduct(t.db, { title: 'Kept Nozzle', stock: 4 });
      const form = productForm(
        { title: 'Renamed Nozzle', category: 'Fuel Dispensers', brand: 'Gilbarco', price: 1200, stock: 9 },
        { images: [{ name: 'side.png', data: await testPng(800, 600) }] },
      );
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(adminToken),
        payload: form,
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message });
      const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect([row!.title, row!.stock, row!.version]).toEqual(['Kept Nozzle', 4, product.version]);
      expect(await t.db.select().from(productImages).where(eq(productImages.productId, product.id))).toEqual([]);
    });
  });
});
