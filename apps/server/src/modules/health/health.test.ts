import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, TEST_SECRETS, type TestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('operations', () => {
  it('GET /api/health answers ok when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('GET /api/health answers 503 once the database is unreachable (closed)', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: t.config, database, secrets: TEST_SECRETS, logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Database unreachable' });
      // Liveness does not depend on the database: the process itself is fine.
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('unknown API routes answer JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/no-such-thing' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('documents the multipart product form of POST /api/products and PUT /api/products/{id}', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const create = doc.paths['/api/products/'].post.requestBody;
    const edit = doc.paths['/api/products/{id}'].put.requestBody;
    for (const body of [create, edit]) {
      const form = body.content['multipart/form-data'].schema;
      expect(form.type).toBe('object');
      expect(Object.keys(form.properties)).toEqual(
        expect.arrayContaining([
          'title',
          'description',
          'price',
          'stock',
          'category',
          'brand',
          'lowStockThreshold',
          'active',
          'images',
          'variants[0][size]',
          'variants[0][price]',
          'variants[0][stock]',
          'variants[0][_id]',
        ]),
      );
      expect(form.properties.images).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
      expect(form.required).toEqual(['title']);
    }
    expect(Object.keys(create.content)).toEqual(['multipart/form-data']);
    // The edit also takes JSON { active } to toggle the product.
    expect(edit.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { active: { type: 'boolean' } },
      required: ['active'],
    });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers with every kind of answer: JSON, an error, a page', async () => {
    // Worked out once at start (plugins/security.ts), as helmet would set them on each response.
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health/live', '/api/products/not-a-uuid', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
