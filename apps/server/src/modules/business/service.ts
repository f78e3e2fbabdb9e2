/**
 * Business accounts (docs/shop-rules.md#business-accounts): a customer in no business creates one and becomes its
 * admin; the admin edits it (legal name, GSTIN checked like the profile's, billing address, approval limit), its
 * outlets and its people. Every change is written with its audit record in one transaction.
 */
import {
  BUSINESS_MESSAGES,
  managesBusiness,
  toPaise,
  toRupees,
  validateGstin,
  type BusinessBody,
  type BusinessDto,
  type BusinessRole,
  type OutletBody,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { changedFields, recordAudit } from '../audit';
import {
  deleteOutlet,
  findBusiness,
  findMembers,
  findOpenInvitations,
  findOutlet,
  findOutlets,
  hasLiveAssets,
  insertBusiness,
  insertMember,
  insertOutlet,
  lockBusiness,
  membershipOf,
  updateBusiness,
  updateOutlet,
  type Membership,
  type OutletRow,
} from './store';

export type Db = Pick<AppContext, 'db'>;

/** The GSTIN as stored: null for none, else the normalised one that passed the full check (400 with its reason). */
function checkedGstin(value: string | null | undefined): string | null {
  if (!value) return null;
  const check = validateGstin(value);
  if (!check.ok) throw new BadRequestError(check.reason);
  return check.gstin;
}

const outletDto = (row: OutletRow) => ({
  _id: row.id,
  name: row.name,
  address: row.address,
  brand: row.brand,
  dealerCode: row.dealerCode,
  pesoLicenceNumber: row.pesoLicenceNumber,
  pesoLicenceValidUntil: row.pesoLicenceValidUntil,
  remindersEnabled: row.remindersEnabled,
});

/** The business as its person sees it: the admin also sees the open invitations. */
export async function businessDto(db: DbOrTx, membership: Membership, now: Date = new Date()): Promise<BusinessDto> {
  const business = await findBusiness(db, membership.businessId);
  if (!business) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
  const [outlets, members, invitations] = await Promise.all([
    findOutlets(db, business.id),
    findMembers(db, business.id),
    managesBusiness(membership.role) ? findOpenInvitations(db, business.id, now) : Promise.resolve([]),
  ]);
  return {
    _id: business.id,
    legalName: business.legalName,
    gstin: business.gstin,
    billingAddress: business.billingAddress,
    approvalLimit: business.approvalLimitPaise === null ? null : toRupees(business.approvalLimitPaise),
    role: membership.role,
    outlets: outlets.map(outletDto),
    members: members.map((m) => ({ _id: m.id, name: m.name, email: m.email, role: m.role })),
    invitations: invitations.map((i) => ({
      _id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** GET /api/business: the caller's business, or null for a person in none. */
export async function myBusiness({ db }: Db, userId: string): Promise<BusinessDto | null> {
  const membership = await membershipOf(db, userId);
  return membership ? businessDto(db, membership) : null;
}

/** The caller's membership when they manage their business; 404 in none, 403 for another role. */
export async function adminMembership(db: DbOrTx, userId: string): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
  if (!managesBusiness(membership.role)) throw new ForbiddenError(BUSINESS_MESSAGES.adminOnly);
  return membership;
}

const businessFields = (body: BusinessBody) => ({
  legalName: body.legalName,
  gstin: checkedGstin(body.gstin),
  billingAddress: body.billingAddress,
  approvalLimitPaise: body.approvalLimit === null ? null : toPaise(body.approvalLimit),
});

/** POST /api/business: creates the caller's business with them as its admin; 409 when they are in one already. */
export async function createBusiness({ db }: Db, userId: string, body: BusinessBody): Promise<BusinessDto> {
  const fields = businessFields(body);
  const membership = await db.transaction(async (tx) => {
    if (await membershipOf(tx, userId)) throw new ConflictError(BUSINESS_MESSAGES.alreadyMember);
    const business = await insertBusiness(tx, fields);
    // The member's primary key is the user: a second creation racing this one fails here.
    await insertMember(tx, { userId, businessId: business.id, role: 'admin' });
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.created',
        entityType: 'business',
        entityId: business.id,
        summary: `Business created: ${business.legalName}`,
        changes: null,
      },
    );
    return { businessId: business.id, role: 'admin' as BusinessRole };
  });
  return businessDto(db, membership);
}

/** PATCH /api/business (admin): its details and approval limit. */
export async function updateBusinessDetails({ db }: Db, userId: string, body: BusinessBody): Promise<BusinessDto> {
  const fields = businessFields(body);
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const before = await lockBusiness(tx, membership.businessId);
    if (!before) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
    await updateBusiness(tx, membership.businessId, { ...fields, updatedAt: new Date() });
    const changes = changedFields(
      { legalName: before.legalName, gstin: before.gstin, approvalLimitPaise: before.approvalLimitPaise },
      { legalName: fields.legalName, gstin: fields.gstin, approvalLimitPaise: fields.approvalLimitPaise },
    );
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.updated',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `Business edited: ${fields.legalName}`,
        changes,
      },
    );
  });
  return businessDto(db, membership);
}

/** POST /api/business/outlets (admin). */
export async function addOutlet({ db }: Db, userId: string, body: OutletBody): Promise<BusinessDto> {
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const outlet = await insertOutlet(tx, { businessId: membership.businessId, ...body });
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.outlet_added',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `Outlet added: ${outlet.name} (${outlet.brand})`,
        changes: null,
      },
    );
  });
  return businessDto(db, membership);
}

/** PATCH /api/business/outlets/{id} (admin); another business's outlet is 404. */
export async function editOutlet({ db }: Db, userId: string, outletId: string, body: OutletBody): Promise<BusinessDto> {
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const before = await findOutlet(tx, membership.businessId, outletId);
    if (!before) throw new NotFoundError(BUSINESS_MESSAGES.outletNotFound);
    await updateOutlet(tx, outletId, { ...body, updatedAt: new Date() });
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.outlet_updated',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `Outlet edited: ${body.name}`,
        changes: changedFields(
          {
            name: before.name,
            brand: before.brand,
            dealerCode: before.dealerCode,
            address: before.address,
            pesoLicenceNumber: before.pesoLicenceNumber,
            pesoLicenceValidUntil: before.pesoLicenceValidUntil,
            remindersEnabled: before.remindersEnabled,
          },
          {
            name: body.name,
            brand: body.brand,
            dealerCode: body.dealerCode,
            address: body.address,
            pesoLicenceNumber: body.pesoLicenceNumber,
            pesoLicenceValidUntil: body.pesoLicenceValidUntil,
            remindersEnabled: body.remindersEnabled ?? before.remindersEnabled,
          },
        ),
      },
    );
  });
  return businessDto(db, membership);
}

/** DELETE /api/business/outlets/{id} (admin): its past orders keep their copied address. */
export async function removeOutlet({ db }: Db, userId: string, outletId: string): Promise<BusinessDto> {
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const before = await findOutlet(tx, membership.businessId, outletId);
    if (!before) throw new NotFoundError(BUSINESS_MESSAGES.outletNotFound);
    // Its register would lose them: the equipment is moved or retired first (docs/shop-rules.md#assets).
    if (await hasLiveAssets(tx, outletId)) throw new ConflictError(BUSINESS_MESSAGES.outletHasAssets);
    await deleteOutlet(tx, outletId);
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.outlet_removed',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `Outlet removed: ${before.name}`,
        changes: null,
      },
    );
  });
  return businessDto(db, membership);
}
