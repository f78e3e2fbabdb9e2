import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  GST_MESSAGES,
  SERVER_MESSAGES,
  storeSettingsSchema,
  TAX_DATA_MESSAGES,
  type StoreSettingsInput,
} from '@pumpkart/shared';
import { storeSettings } from '../../db/schema';
import { seedDatabase } from '../../seed/index';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let customerToken: string;

// SEED_DEMO on, with one product already there: seeding writes the demo settings but no demo catalog.
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  adminToken = (await createTestAdmin(t.app)).token;
  customerToken = (await createTestUser(t.app)).token;
  await createTestProduct(t.db);
});
afterAll(() => t?.close());

const getSettings = () => t.app.inject({ method: 'GET', url: '/api/settings/store' });
/** `token` null: no Authorization header. */
const putSettings = (payload: unknown, token: string | null = adminToken) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: token === null ? {} : bearer(token),
    payload: payload as object,
  });

/** A valid body for a Karnataka seller, as an owner would type it. */
const karnataka = (): StoreSettingsInput => ({
  legalName: 'Bengaluru Forecourt Supplies LLP',
  tradeName: 'PumpKart South',
  gstin: ' 29aabfb1234c1z4 ',
  pan: 'aabfb1234c',
  registeredAddress: {
    line1: '14, 2nd Cross',
    line2: 'Peenya Industrial Area',
    city: 'Bengaluru',
    state: 'KA',
    postalCode: '560058',
  },
  email: 'Hello@Example.in',
  phone: '9845012345',
  invoicePrefix: 'bf',
  authorisedSignatory: 'Anita Rao, Partner',
  grievanceOfficer: { name: 'Kiran Shetty', designation: 'Grievance Officer' },
});

/** The details of a 400, as { path: message }. */
function problems(res: Awaited<ReturnType<typeof putSettings>>): Record<string, string> {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; details: { path: string; message: string }[] };
  expect(body.message).toBe(body.details[0]!.message);
  return Object.fromEntries(body.details.map((detail) => [detail.path, detail.message]));
}

describe('before any settings exist', () => {
  it('GET answers 404 with a clear message', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: TAX_DATA_MESSAGES.storeSettingsMissing });
  });
});

describe('seeding', () => {
  it('writes the demo details once, and never over an edit', async () => {
    const first = await seedDatabase(t.app.ctx);
    expect(first).toMatchObject({ storeSettingsCreated: true, productsCreated: 0 });

    const seeded = storeSettingsSchema.parse((await getSettings()).json());
    expect(seeded).toMatchObject({
      legalName: 'PumpKart Equipment Private Limited',
      tradeName: 'PumpKart',
      gstin: DEMO_STORE_SETTINGS_INPUT.gstin,
      pan: DEMO_STORE_SETTINGS_INPUT.pan,
      stateCode: '27',
      invoicePrefix: 'PK',
      registeredAddress: { city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
    });

    const edited = await putSettings({ ...DEMO_STORE_SETTINGS_INPUT, tradeName: 'PumpKart Pune' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await seedDatabase(t.app.ctx)).storeSettingsCreated).toBe(false);
    expect((await getSettings()).json().tradeName).toBe('PumpKart Pune');
  });
});

describe('GET /api/settings/store', () => {
  it('is public: anyone reads the business details', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    const settings = storeSettingsSchema.parse(res.json());
    expect(settings.grievanceOfficer.name).toEqual(expect.any(String));
    expect(settings.authorisedSignatory).toEqual(expect.any(String));
  });
});

describe('PUT /api/settings/store', () => {
  it('answers 401 without a token and 403 for a customer, before looking at the body', async () => {
    for (const body of [karnataka(), { nonsense: true }]) {
      const visitor = await putSettings(body, null);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(SERVER_MESSAGES.authRequired);
      const customer = await putSettings(body, customerToken);
      expect(customer.statusCode).toBe(403);
      expect(customer.json().message).toBe(SERVER_MESSAGES.adminOnly);
    }
    expect((await getSettings()).json().tradeName).toBe('PumpKart Pune');
  });

  it('saves normalised values; the next read shows them at once', async () => {
    const before = (await getSettings()).json();
    const res = await putSettings(karnataka());
    expect(res.statusCode, res.body).toBe(200);
    const saved = storeSettingsSchema.parse(res.json());
    expect(saved).toMatchObject({
      gstin: '29AABFB1234C1Z4',
      pan: 'AABFB1234C',
      stateCode: '29',
      email: 'hello@example.in',
      invoicePrefix: 'BF',
      registeredAddress: { state: 'Karnataka', line2: 'Peenya Industrial Area' },
    });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect((await getSettings()).json()).toEqual(saved);
    const [row] = await t.db.select().from(storeSettings);
    expect(row).toMatchObject({ id: 1, gstin: '29AABFB1234C1Z4', state: 'Karnataka', city: 'Bengaluru' });
  });

  it('reads through a per-process cache', async () => {
    await t.db.update(storeSettings).set({ tradeName: 'Changed behind the cache' }).where(eq(storeSettings.id, 1));
    expect((await getSettings()).json().tradeName).toBe('PumpKart South');
    const res = await putSettings(karnataka());
    expect(res.json().tradeName).toBe('PumpKart South');
    expect((await getSettings()).json().tradeName).toBe('PumpKart South');
  });

  it('names a GSTIN with a wrong check character', async () => {
    expect(problems(await putSettings({ ...karnataka(), gstin: '29AABFB1234C1Z8' }))).toEqual({
      gstin: GST_MESSAGES.gstinCheckCharacter('4', '8'),
    });
  });

  it('refuses a PAN that is not the GSTIN characters 3 to 12', async () => {
    expect(problems(await putSettings({ ...karnataka(), pan: 'AABFB1234D' }))).toEqual({
      pan: TAX_DATA_MESSAGES.panMismatch('AABFB1234C'),
    });
  });

  it('refuses a registered address outside the GSTIN state', async () => {
    const body = karnataka();
    const res = await putSettings({ ...body, registeredAddress: { ...body.registeredAddress, state: 'Tamil Nadu' } });
    expect(problems(res)).toEqual({
      'registeredAddress.state':
        'The state of the registered address must be Karnataka, the state of the GSTIN (code 29).',
    });
  });

  it.each([
    ['CN', TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes],
    ['INV', undefined],
    ['INVC', TAX_DATA_MESSAGES.invoicePrefixFormat],
    ['P-K', TAX_DATA_MESSAGES.invoicePrefixFormat],
  ])('checks the invoice prefix %j', async (invoicePrefix, message) => {
    const res = await putSettings({ ...karnataka(), invoicePrefix });
    if (message === undefined) expect(res.statusCode, res.body).toBe(200);
    else expect(problems(res)).toEqual({ invoicePrefix: message });
  });

  it('names every problem of a body in one 400 and writes nothing', async () => {
    const before = (await getSettings()).json();
    const body = karnataka();
    const res = await putSettings({
      ...body,
      tradeName: '',
      phone: '12345',
      pan: 'AABFB1234D',
      registeredAddress: { ...body.registeredAddress, city: ' ', state: 'Goa' },
      grievanceOfficer: { name: 'Kiran Shetty', designation: 'x'.repeat(101) },
      invoicePrefix: 'CN',
    });
    expect(problems(res)).toEqual({
      tradeName: TAX_DATA_MESSAGES.tradeNameRequired,
      phone: 'Phone must be exactly 10 digits.',
      'registeredAddress.city': TAX_DATA_MESSAGES.cityRequired,
      'grievanceOfficer.designation': TAX_DATA_MESSAGES.tooLong('Grievance officer designation', 100),
      invoicePrefix: TAX_DATA_MESSAGES.invoicePrefixIsCreditNotes,
      pan: TAX_DATA_MESSAGES.panMismatch('AABFB1234C'),
      'registeredAddress.state': TAX_DATA_MESSAGES.stateMismatch('Karnataka', '29'),
    });
    expect((await getSettings()).json()).toEqual(before);
  });

  it('names every missing field of an empty body', async () => {
    const found = problems(await putSettings({}));
    expect(found).toMatchObject({ gstin: GST_MESSAGES.gstinRequired, legalName: TAX_DATA_MESSAGES.legalNameRequired });
    expect(Object.keys(found)).toHaveLength(10);
  });
});

describe('the database', () => {
  it('holds one row whose PAN is inside its GSTIN', async () => {
    const [row] = await t.db.select().from(storeSettings);
    await expect(t.db.insert(storeSettings).values({ ...row!, id: 2 })).rejects.toThrow();
    await expect(
      t.db.update(storeSettings).set({ pan: 'AAAAA1111A' }).where(eq(storeSettings.id, 1)),
    ).rejects.toThrow();
    await expect(
      t.db.update(storeSettings).set({ invoicePrefix: 'CN' }).where(eq(storeSettings.id, 1)),
    ).rejects.toThrow();
  });
});

describe('the delivery charge tax method', () => {
  it('is apportioned for a new store, changes when sent, stays when not sent, and refuses another value', async () => {
    const admin = (await createTestAdmin(t.app)).token;
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings/store', headers: bearer(admin), payload: body });
    const saved = await put(DEMO_STORE_SETTINGS_INPUT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().deliveryTaxMethod).toBe('apportioned');
    expect((await put({ ...DEMO_STORE_SETTINGS_INPUT, deliveryTaxMethod: 'highest-rate' })).json()).toMatchObject({
      deliveryTaxMethod: 'highest-rate',
    });
    expect((await put(DEMO_STORE_SETTINGS_INPUT)).json().deliveryTaxMethod).toBe('highest-rate');
    const refused = await put({ ...DEMO_STORE_SETTINGS_INPUT, deliveryTaxMethod: 'free' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('deliveryTaxMethod must be apportioned or highest-rate.');
    expect((await put({ ...DEMO_STORE_SETTINGS_INPUT, deliveryTaxMethod: 'apportioned' })).statusCode).toBe(200);
  });

  it('keeps the turnover band up to ₹5 crore for a new store, as sent, and as stored when not sent', async () => {
    const admin = (await createTestAdmin(t.app)).token;
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings/store', headers: bearer(admin), payload: body });
    expect((await put(DEMO_STORE_SETTINGS_INPUT)).json().aggregateTurnoverBand).toBe('up-to-5-crore');
    const above = await put({ ...DEMO_STORE_SETTINGS_INPUT, aggregateTurnoverBand: 'above-5-crore' });
    expect(above.json().aggregateTurnoverBand).toBe('above-5-crore');
    expect((await put(DEMO_STORE_SETTINGS_INPUT)).json().aggregateTurnoverBand).toBe('above-5-crore');
    await put({ ...DEMO_STORE_SETTINGS_INPUT, aggregateTurnoverBand: 'up-to-5-crore' });
  });
});

describe('the API document', () => {
  it('documents both calls, the body of the save with every field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = doc.paths['/api/settings/store'];
    expect(path.get.responses).toHaveProperty('200');
    const body = path.put.requestBody.content['application/json'].schema;
    // The demo's details, and the settings of the struck-through price, of the delivery charge's tax, of the
    // turnover band, of e-invoicing, the return window and the bank details (optional: not sent, they are kept).
    expect(Object.keys(body.properties).sort()).toEqual(
      [
        ...Object.keys(DEMO_STORE_SETTINGS_INPUT),
        'computedOriginalPrice',
        'deliveryTaxMethod',
        'aggregateTurnoverBand',
        'einvoiceEnabled',
        'returnWindowDays',
        'bankDetails',
      ].sort(),
    );
  });
});
