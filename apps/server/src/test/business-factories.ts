/**
 * What tests of business accounts share (the outlet register's, the reminders', the due view's, AMC contracts'): a
 * business with outlets, its people by role, an outlet's body, an equipment product, a caller with a person's token.
 */
import { eq } from 'drizzle-orm';
import type { BusinessRole, ComplianceCategoryKey, ExtinguisherType } from '@pumpkart/shared';
import { businessMembers, products } from '../db/schema';
import { bearer, type TestApp } from './app';
import { createTestProduct, createTestUser, testAddress } from './factories';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const caller = (t: TestApp) => (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export const outletBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  address: testAddress({ city: 'Gurugram' }),
  brand: 'IOCL',
  dealerCode: 'IO-1234',
  ...extra,
});

/** A business with its admin and two outlets (no approval limit). */
export async function newBusiness(t: TestApp) {
  const call = caller(t);
  const admin = await createTestUser(t.app, { name: 'Anil Sharma' });
  const created = await call('POST', '/api/business', admin.token, {
    legalName: 'Sharma Fuels Pvt Ltd',
    gstin: null,
    billingAddress: testAddress(),
    approvalLimit: null,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  await call('POST', '/api/business/outlets', admin.token, outletBody('Sharma Fuels, NH-48'));
  const res = await call('POST', '/api/business/outlets', admin.token, outletBody('Sharma Fuels, Sohna Road'));
  const business = res.json().business as { _id: string; outlets: { _id: string; name: string }[] };
  const [highway, city] = business.outlets.map((outlet) => outlet._id) as [string, string];
  return { admin, businessId: business._id, highway, city };
}

/** A person added to the business with `role` (a row, as an accepted invitation makes it). */
export async function personWithRole(t: TestApp, businessId: string, role: BusinessRole) {
  const person = await createTestUser(t.app);
  await t.db.insert(businessMembers).values({ userId: person.user.id, businessId, role });
  return person;
}

/** A product that is compliance equipment. */
export async function equipmentProduct(
  t: TestApp,
  complianceCategory: ComplianceCategoryKey,
  {
    extinguisherType = null,
    warrantyMonths = null,
  }: { extinguisherType?: ExtinguisherType | null; warrantyMonths?: number | null } = {},
) {
  const { product } = await createTestProduct(t.db, { price: 2500, stock: 50, brand: 'Ceasefire' });
  await t.db
    .update(products)
    .set({ complianceCategory, extinguisherType, warrantyMonths })
    .where(eq(products.id, product.id));
  return product;
}
