/**
 * HSN digits by the store's aggregate turnover band (docs/shop-rules.md#tax-data): above ₹5 crore, a product saved
 * through the form or imported from a CSV file needs a code of at least 6 digits; up to ₹5 crore (the default),
 * 4 digits are enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HSN_DIGITS_MESSAGES,
  importDryRunResponseSchema,
  PRODUCT_CSV_COLUMNS,
  type AggregateTurnoverBand,
} from '@pumpkart/shared';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { createTestAdmin, createTestProduct } from '../../test/factories';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  await createTestProduct(t.db, { title: 'Hsn Existing', category: 'Hsn Pumps', price: 300 });
});
afterAll(() => t?.close());

async function setBand(band: AggregateTurnoverBand) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(adminToken),
    payload: { ...DEMO_STORE_SETTINGS_INPUT, aggregateTurnoverBand: band },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().aggregateTurnoverBand).toBe(band);
}

async function createWithHsn(hsnCode: string) {
  const form = productForm(
    {
      title: `Hsn ${hsnCode} ${Math.random().toString(36).slice(2, 8)}`,
      category: 'Hsn Pumps',
      price: 100,
      stock: 1,
      hsnCode,
    },
    { images: [{ name: 'pump.png', data: await testPng(20, 20) }] },
  );
  return t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(adminToken), payload: form });
}

async function importReasons(hsnCode: string): Promise<string[]> {
  const cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>> = {
    title: `Hsn import ${hsnCode}`,
    category: 'Hsn Pumps',
    price: '100.00',
    stock: '5',
    active: 'false',
    hsn_code: hsnCode,
  };
  const body = [PRODUCT_CSV_COLUMNS.join(','), PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',')];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/import/dry-run',
    headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
    payload: `${body.join('\r\n')}\r\n`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return importDryRunResponseSchema.parse(res.json()).rows[0]!.reasons;
}

describe('HSN digits by the aggregate turnover band', () => {
  it('takes 4 digits up to ₹5 crore, the default before the details are entered and after', async () => {
    expect((await createWithHsn('8413')).statusCode).toBe(201);
    expect(await importReasons('8413')).toEqual([]);
    await setBand('up-to-5-crore');
    expect((await createWithHsn('6506')).statusCode).toBe(201);
  });

  it('refuses fewer than 6 digits above ₹5 crore, in the form and in the import, naming the notification', async () => {
    await setBand('above-5-crore');
    const refused = await createWithHsn('8413');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: HSN_DIGITS_MESSAGES.sixDigits,
      details: [{ path: 'hsnCode', message: HSN_DIGITS_MESSAGES.sixDigits }],
    });
    expect(HSN_DIGITS_MESSAGES.sixDigits).toContain('Notification 78/2020');
    expect(await importReasons('8413')).toEqual([HSN_DIGITS_MESSAGES.sixDigits]);
    expect((await createWithHsn('841311')).statusCode).toBe(201);
    expect((await createWithHsn('84131100')).statusCode).toBe(201);
    expect(await importReasons('84131100')).toEqual([]);
  });

  it('answers 400 for a band that is not one of the two', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: { ...DEMO_STORE_SETTINGS_INPUT, aggregateTurnoverBand: '5 crore' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('aggregateTurnoverBand must be up-to-5-crore or above-5-crore.');
  });
});
