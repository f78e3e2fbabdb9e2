/**
 * Authentication comes before validation on every route (plugins/auth.ts): each operation of the OpenAPI document
 * the app serves (/api/docs/json) is called without a login, with a path id, a query and a body that no route
 * accepts. An operation that declares the bearer scheme answers 401 with the login message, never 400 with its
 * body's rules; any other answers one of the statuses its document lists.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { createTestApp, type TestApp } from '../test/app';
import authPlugin from './auth';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
});
afterAll(() => t?.close());

/** Every operation of the document, read when the test is collected from a file-level app would be too late. */
const operations = async () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operation: operation as Operation,
    })),
  );

const needsLogin = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);

/** The path with a malformed id in every parameter, a malformed query, and a JSON array where an object belongs. */
function anonymousCall(method: Method, path: string) {
  return t.app.inject({
    method,
    url: `${path.replace(/\{\w+\}/g, 'not-an-id')}?limit=oops&page=-1`,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: [{ email: 1, password: 1, quantity: 'many' }] }),
  });
}

describe('every operation of the OpenAPI document, called without a login', () => {
  it('answers 401 where the document asks for a login, else a status the document lists', async () => {
    const all = await operations();
    // The document lists the shop's API: the account, catalog, cart, order, payment and back-office routes.
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter(({ operation }) => needsLogin(operation)).length).toBeGreaterThan(40);
    const answers = [];
    for (const { method, path, operation } of all) {
      const res = await anonymousCall(method, path);
      const route = `${method} ${path}`;
      if (needsLogin(operation)) {
        answers.push({ route, status: res.statusCode, message: res.json<{ message?: string }>().message });
      } else {
        answers.push({ route, status: res.statusCode, documented: Object.keys(operation.responses ?? {}) });
      }
    }
    for (const answer of answers) {
      if ('message' in answer) {
        expect(answer, answer.route).toEqual({ ...answer, status: 401, message: SERVER_MESSAGES.authRequired });
      } else {
        expect(answer.documented, answer.route).toContain(String(answer.status));
      }
    }
  });

  it('includes the profile and password routes, which checked the body first', async () => {
    const routes = (await operations()).filter(({ operation }) => needsLogin(operation)).map((o) => o.path);
    expect(routes).toEqual(expect.arrayContaining(['/api/auth/update-profile', '/api/auth/change-password']));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      payload: { email: 'not an e-mail', password: '1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.authRequired });
  });
});

describe('a login guard in a hook after onRequest', () => {
  it('is refused when the route is added', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, { secret: 'test-secret', expiresIn: '1h', db: t.db });
    expect(() => app.put('/api/late-guard', { preHandler: app.requireUser }, async () => ({ ok: true }))).toThrow(
      'PUT /api/late-guard: a login guard belongs in onRequest, not preHandler, so that an anonymous call is answered 401 before its body is validated.',
    );
    await app.close();
  });
});
