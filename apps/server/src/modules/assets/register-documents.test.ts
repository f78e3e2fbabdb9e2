/**
 * The register's documents against the real database (docs/shop-rules.md#assets): a task record's attachment (sent
 * with the record or added later, told by its bytes, private to the business), the printable register PDF and the
 * outlet's calendar feed behind its secret URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { ASSET_MESSAGES } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { caller, newBusiness, outletBody, personWithRole } from './test-support';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t?.close());

const PDF = Buffer.from('%PDF-1.4\n% a refill certificate\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function addAsset(token: string, outletId: string, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', `/api/business/outlets/${outletId}/assets`, token, {
    make: 'Ceasefire',
    model: 'ABC 6 kg',
    serialNumber: 'CF-1001',
    complianceCategory: 'fire-extinguisher',
    extinguisherType: 'dry-powder',
    installedOn: '2025-01-10',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().asset._id as string;
}

function upload(
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type: string },
  method: 'POST' | 'PUT' = 'POST',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('attachment', new Blob([file.data], { type: file.type }), file.name);
  return t.app.inject({ method, url, headers: bearer(token), payload: form as unknown as object });
}

async function firstTaskKey(token: string, outletId: string) {
  const res = await call('GET', `/api/business/outlets/${outletId}/register`, token);
  return res.json().assets[0].tasks[0].key as string;
}

describe("a task record's attachment", () => {
  it('is sent with the record, shown in the register and read back only by the business', async () => {
    const { admin, businessId, highway } = await newBusiness(t);
    const assetId = await addAsset(admin.token, highway);
    const taskKey = await firstTaskKey(admin.token, highway);
    const res = await upload(
      `/api/business/assets/${assetId}/records/upload`,
      admin.token,
      { taskKey, doneOn: '2026-01-05', note: 'Refilled by Agni Services' },
      { data: PDF, name: '../certificate jan;1.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().record;
    expect(record).toMatchObject({
      note: 'Refilled by Agni Services',
      attachment: { name: 'certificate jan_1.pdf', type: 'application/pdf', size: PDF.length },
    });

    const register = (await call('GET', `/api/business/outlets/${highway}/register`, admin.token)).json();
    expect(register.assets[0].tasks.find((task: { key: string }) => task.key === taskKey)).toMatchObject({
      lastDoneOn: '2026-01-05',
      lastRecord: { _id: record._id, note: 'Refilled by Agni Services', attachment: { type: 'application/pdf' } },
    });

    const viewer = await personWithRole(t, businessId, 'viewer');
    const file = await call('GET', `/api/business/records/${record._id}/attachment`, viewer.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const other = await newBusiness(t);
    const stranger = await call('GET', `/api/business/records/${record._id}/attachment`, other.admin.token);
    expect(stranger.statusCode).toBe(404);
    const noLogin = await t.app.inject({ method: 'GET', url: `/api/business/records/${record._id}/attachment` });
    expect(noLogin.statusCode).toBe(401);
    const strangerAttach = await upload(
      `/api/business/records/${record._id}/attachment`,
      other.admin.token,
      {},
      { data: PNG, name: 'x.png', type: 'image/png' },
      'PUT',
    );
    expect(strangerAttach.statusCode).toBe(404);
  });

  it('is added to a record later; a file that is not a PDF or picture is 400 whatever its type says', async () => {
    const { admin, businessId, highway } = await newBusiness(t);
    const assetId = await addAsset(admin.token, highway);
    const taskKey = await firstTaskKey(admin.token, highway);
    const made = await call('POST', `/api/business/assets/${assetId}/records`, admin.token, {
      taskKey,
      doneOn: '2026-02-01',
    });
    expect(made.statusCode, made.body).toBe(201);
    const recordId = made.json().record._id as string;
    expect(made.json().record.attachment).toBeNull();

    const fake = await upload(
      `/api/business/records/${recordId}/attachment`,
      admin.token,
      {},
      { data: Buffer.from('MZ this is a program'), name: 'certificate.pdf', type: 'application/pdf' },
      'PUT',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(ASSET_MESSAGES.attachmentType);
    const fakeWithRecord = await upload(
      `/api/business/assets/${assetId}/records/upload`,
      admin.token,
      { taskKey, doneOn: '2026-02-02' },
      { data: Buffer.from('<svg></svg>'), name: 'x.png', type: 'image/png' },
    );
    expect(fakeWithRecord.statusCode).toBe(400);
    expect(fakeWithRecord.json().message).toBe(ASSET_MESSAGES.attachmentType);

    const viewer = await personWithRole(t, businessId, 'viewer');
    const refused = await upload(
      `/api/business/records/${recordId}/attachment`,
      viewer.token,
      {},
      { data: PNG, name: 'p.png', type: 'image/png' },
      'PUT',
    );
    expect(refused.statusCode).toBe(403);

    const added = await upload(
      `/api/business/records/${recordId}/attachment`,
      admin.token,
      {},
      { data: PNG, name: 'photo.png', type: 'application/octet-stream' },
      'PUT',
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().record.attachment).toEqual({ name: 'photo.png', type: 'image/png', size: PNG.length });
    const file = await call('GET', `/api/business/records/${recordId}/attachment`, admin.token);
    expect(file.headers['content-type']).toBe('image/png');

    // A name in another script is kept, and named in the header as RFC 6266 says.
    await upload(
      `/api/business/records/${recordId}/attachment`,
      admin.token,
      {},
      { data: PDF, name: 'प्रमाणपत्र.pdf', type: 'application/pdf' },
      'PUT',
    );
    const hindi = await call('GET', `/api/business/records/${recordId}/attachment`, admin.token);
    expect(hindi.statusCode).toBe(200);
    expect(hindi.headers['content-disposition']).toBe(
      `attachment; filename="${'_'.repeat(10)}.pdf"; filename*=UTF-8''${encodeURIComponent('प्रमाणपत्र.pdf')}`,
    );
  });

  it('a multipart record is checked as the JSON one', async () => {
    const { admin, highway } = await newBusiness(t);
    const assetId = await addAsset(admin.token, highway);
    const res = await upload(`/api/business/assets/${assetId}/records/upload`, admin.token, {
      taskKey: 'no-such-task',
      doneOn: '2026-02-02',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ASSET_MESSAGES.unknownTask('no-such-task'));
    const json = await call('POST', `/api/business/assets/${assetId}/records/upload`, admin.token, {});
    expect(json.statusCode).toBe(400);
  });
});

describe('the printable register', () => {
  it('is a PDF with the outlet, its licence and every serial number', async () => {
    const { admin, highway } = await newBusiness(t);
    await call(
      'PATCH',
      `/api/business/outlets/${highway}`,
      admin.token,
      outletBody('Sharma Fuels, NH-48', { pesoLicenceNumber: 'P/HQ/HR/15/1234', pesoLicenceValidUntil: '2027-01-15' }),
    );
    await addAsset(admin.token, highway);
    await addAsset(admin.token, highway, { serialNumber: 'CF-1002' });
    await addAsset(admin.token, highway, {
      make: 'Tokheim',
      model: 'Quantium 510',
      serialNumber: 'TK-88121',
      complianceCategory: 'fuel-dispenser',
      extinguisherType: null,
    });
    const res = await call('GET', `/api/business/outlets/${highway}/register.pdf`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const squashed = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Sharma Fuels, NH-48',
      'P/HQ/HR/15/1234',
      '15-01-2027',
      'IO-1234',
      'CF-1001',
      'CF-1002',
      'TK-88121',
      'Fire extinguishers',
      'Fuel dispensers',
      'Signature / remarks',
      'Page 1 of 1',
    ]) {
      expect(squashed).toContain(expected);
    }
    const other = await newBusiness(t);
    expect((await call('GET', `/api/business/outlets/${highway}/register.pdf`, other.admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe("the outlet's calendar feed", () => {
  it('answers at its secret URL with one event per task; a wrong or replaced token is 404', async () => {
    const { admin, businessId, highway } = await newBusiness(t);
    const assetId = await addAsset(admin.token, highway, {
      model: 'ABC 6 kg, red; with a very long model name that makes the summary line longer than seventy-five octets',
    });
    const first = await call('POST', `/api/business/outlets/${highway}/calendar`, admin.token);
    expect(first.statusCode, first.body).toBe(200);
    const url = new URL(first.json().url as string);
    expect(url.pathname).toBe(`/api/calendar/outlets/${highway}.ics`);
    const again = await call('POST', `/api/business/outlets/${highway}/calendar`, admin.token);
    expect(again.json().url).toBe(first.json().url);

    const feed = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = feed.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(body).not.toMatch(/[^\r]\n/);
    const unfolded = body.replace(/\r\n /g, '');
    const register = (await call('GET', `/api/business/outlets/${highway}/register`, admin.token)).json();
    for (const task of register.assets[0].tasks) {
      expect(unfolded).toContain(`UID:asset-${assetId}-${task.key}@`);
      expect(unfolded).toContain(`DTSTART;VALUE=DATE:${task.dueOn.replace(/-/g, '')}`);
    }
    expect(unfolded).toContain('ABC 6 kg\\, red\\; with a very long');

    const wrong = await t.app.inject({ method: 'GET', url: `${url.pathname}?token=nope` });
    expect(wrong.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(none.statusCode).toBe(404);

    const viewer = await personWithRole(t, businessId, 'viewer');
    expect((await call('POST', `/api/business/outlets/${highway}/calendar/reset`, viewer.token)).statusCode).toBe(403);
    const reset = await call('POST', `/api/business/outlets/${highway}/calendar/reset`, admin.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(first.json().url);
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
    const other = await newBusiness(t);
    expect((await call('POST', `/api/business/outlets/${highway}/calendar`, other.admin.token)).statusCode).toBe(404);
  });
});
