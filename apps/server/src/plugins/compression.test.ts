import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestAdmin, createTestProduct } from '../test/factories';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // Incompressible descriptions make answers large enough to take the streaming compression path.
  for (let i = 0; i < 30; i += 1) {
    await createTestProduct(t.db, {
      category: ['Fire Safety', 'Air Machines', 'Water Coolers', 'Pet Supplies'][i % 4],
      description: randomBytes(600).toString('base64'),
    });
  }
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const get = (url: string, encoding: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...bearer(adminToken) } });

describe('response compression', () => {
  it.each([['/api/products?limit=24'], ['/api/products?view=home'], ['/api/products/admin/all']])(
    'sends %s compressed with brotli or gzip, and the decoded body is the plain one',
    async (url) => {
      const plain = await get(url, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(10_000);

      const br = await get(url, 'br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    },
  );

  it('leaves small answers alone', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
