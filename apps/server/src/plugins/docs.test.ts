/**
 * The OpenAPI document's contract (plugins/docs.ts), against the real app: every operation has an operationId, its
 * security says whether it needs a login as its guard does, and every status the server answers a client's request
 * with is one the document lists for that operation. The requests are the ones an API tester generating calls from
 * the document sends first: without a login and with one of each role, a well-formed unknown id and a malformed
 * one, an empty JSON body and a body of a type the call does not read.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@pumpkart/shared';
import { users } from '../db/schema';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestUser } from '../test/factories';
import { operationIdOf } from './docs';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let operations: [string, Method, string, Operation][];
const accounts = new Map<Role, string>();
const ROLES: Role[] = ['customer', 'admin'];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) accounts.set(role, (await createTestUser(t.app, { role })).user.id);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, method.toUpperCase() as Method, path, operation] as [
          string,
          Method,
          string,
          Operation,
        ],
    ),
  );
});
afterAll(() => t?.close());

/** A fresh token of the role's account: logout-all revokes the earlier ones. */
async function tokenOf(role: Role): Promise<string> {
  const id = accounts.get(role)!;
  const [row] = await t.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, id));
  return t.app.signToken({ sub: id, role, ver: row!.ver });
}

async function statusOf(method: Method, path: string, id: string, role?: Role, contentType = 'application/json') {
  const hasBody = method !== 'GET';
  const res = await t.app.inject({
    method,
    url: path.replace(/\{\w+\}/g, id),
    headers: { ...(role ? bearer(await tokenOf(role)) : {}), ...(hasBody ? { 'content-type': contentType } : {}) },
    ...(hasBody ? { payload: contentType === 'application/json' ? '{}' : '<order/>' } : {}),
  });
  return res.statusCode;
}

it('gives every operation its own operationId, made from its method and path', () => {
  const ids = operations.map(([, , , operation]) => operation.operationId);
  expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(operationIdOf('GET', '/api/orders/{id}/invoice')).toBe('getOrdersByIdInvoice');
  expect(operationIdOf('POST', '/api/products/import/dry-run')).toBe('postProductsImportDryRun');
  expect(operationIdOf('GET', '/api/products/export.csv')).toBe('getProductsExportCsv');
});

describe('each operation', () => {
  it('declares the bearer token exactly where the server asks for a login', async () => {
    const wrong: string[] = [];
    for (const [name, method, path, operation] of operations) {
      const status = await statusOf(method, path, randomUUID());
      const declared = JSON.stringify(operation.security);
      // A login is asked for with 401, or refused before it is read when the request itself is invalid.
      if (
        declared === JSON.stringify([{ bearerAuth: [] }])
          ? ![400, 401].includes(status)
          : declared !== '[]' || status === 401
      ) {
        wrong.push(`${name}: ${declared} but ${status} without a login`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists every status the server answers it with', async () => {
    const unlisted: string[] = [];
    for (const [name, method, path, operation] of operations) {
      const tries: [string, string, Role | undefined, string?][] = [];
      for (const role of [undefined, ...ROLES]) {
        tries.push(['an unknown id', randomUUID(), role], ['a malformed id', 'not-an-id', role]);
        if (method !== 'GET') tries.push(['an XML body', randomUUID(), role, 'application/xml']);
      }
      for (const [what, id, role, contentType] of tries) {
        const status = await statusOf(method, path, id, role, contentType);
        if (!(String(status) in operation.responses))
          unlisted.push(`${name} (${what}, ${role ?? 'no login'}): ${status}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
