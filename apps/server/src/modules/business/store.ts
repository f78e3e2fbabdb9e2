/**
 * The business accounts' store. Which business a user buys for, and as what
 * (docs/shop-rules.md#business-accounts): the one read every module that treats a business's people differently
 * (orders, quotes, prices, payments) goes through; and the rows of businesses, outlets, people and invitations.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { BusinessRole } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { assets, businesses, businessInvitations, businessMembers, businessOutlets, users } from '../../db/schema';

export interface Membership {
  businessId: string;
  role: BusinessRole;
}

/** The user's business and role; null for a person in no business (who shops as a consumer). */
export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ businessId: businessMembers.businessId, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId));
  return row ?? null;
}

/**
 * What checkout reads of a business person, in one statement: their role, their business's name, GSTIN, approval
 * limit and price list, and the outlet asked for when it is one of the business's (outlet null otherwise); undefined
 * for a person in no business.
 */
export async function findPlacementRow(db: DbOrTx, userId: string, outletId: string | undefined) {
  const [row] = await db
    .select({
      role: businessMembers.role,
      businessId: businesses.id,
      legalName: businesses.legalName,
      gstin: businesses.gstin,
      approvalLimitPaise: businesses.approvalLimitPaise,
      priceListId: businesses.priceListId,
      outletId: businessOutlets.id,
      address: businessOutlets.address,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoin(
      businessOutlets,
      and(eq(businessOutlets.businessId, businesses.id), outletId ? eq(businessOutlets.id, outletId) : sql`false`),
    )
    .where(eq(businessMembers.userId, userId));
  return row;
}

export type BusinessRow = typeof businesses.$inferSelect;
export type OutletRow = typeof businessOutlets.$inferSelect;

export async function findBusiness(db: DbOrTx, businessId: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return row;
}

/** Locks the business's row: changes to its people run one at a time (the last admin cannot be raced away). */
export async function lockBusiness(tx: DbOrTx, businessId: string): Promise<BusinessRow | undefined> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  return row;
}

export async function insertBusiness(tx: DbOrTx, values: typeof businesses.$inferInsert): Promise<BusinessRow> {
  const [row] = await tx.insert(businesses).values(values).returning();
  return row!;
}

export async function updateBusiness(tx: DbOrTx, businessId: string, values: Partial<typeof businesses.$inferInsert>) {
  await tx.update(businesses).set(values).where(eq(businesses.id, businessId));
}

export async function findOutlets(db: DbOrTx, businessId: string): Promise<OutletRow[]> {
  return db
    .select()
    .from(businessOutlets)
    .where(eq(businessOutlets.businessId, businessId))
    .orderBy(asc(businessOutlets.name), asc(businessOutlets.id));
}

/** The outlet when it belongs to the business; undefined otherwise. */
export async function findOutlet(db: DbOrTx, businessId: string, outletId: string): Promise<OutletRow | undefined> {
  const [row] = await db
    .select()
    .from(businessOutlets)
    .where(and(eq(businessOutlets.id, outletId), eq(businessOutlets.businessId, businessId)));
  return row;
}

export async function insertOutlet(tx: DbOrTx, values: typeof businessOutlets.$inferInsert): Promise<OutletRow> {
  const [row] = await tx.insert(businessOutlets).values(values).returning();
  return row!;
}

export async function updateOutlet(tx: DbOrTx, outletId: string, values: Partial<typeof businessOutlets.$inferInsert>) {
  await tx.update(businessOutlets).set(values).where(eq(businessOutlets.id, outletId));
}

/** Whether the outlet's register holds equipment not retired (docs/shop-rules.md#assets). */
export async function hasLiveAssets(db: DbOrTx, outletId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.outletId, outletId), isNull(assets.retiredOn)))
    .limit(1);
  return row !== undefined;
}

export async function deleteOutlet(tx: DbOrTx, outletId: string) {
  await tx.delete(businessOutlets).where(eq(businessOutlets.id, outletId));
}

/** The business's people with their names and e-mails, by name. */
export async function findMembers(db: DbOrTx, businessId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The e-mails of the business's people with one of `roles` (the approvers' notice). */
export async function findMemberEmails(db: DbOrTx, businessId: string, roles: BusinessRole[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.role, roles)));
  return rows.map((row) => row.email);
}

export async function insertMember(tx: DbOrTx, values: typeof businessMembers.$inferInsert) {
  await tx.insert(businessMembers).values(values);
}

export async function setMemberRole(tx: DbOrTx, userId: string, role: BusinessRole) {
  await tx.update(businessMembers).set({ role }).where(eq(businessMembers.userId, userId));
}

export async function deleteMember(tx: DbOrTx, userId: string) {
  await tx.delete(businessMembers).where(eq(businessMembers.userId, userId));
}

export async function countAdmins(tx: DbOrTx, businessId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'admin')));
  return row!.n;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  return row;
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** The business's invitations still open at `now` (unused, unexpired), the newest first. */
export async function findOpenInvitations(db: DbOrTx, businessId: string, now: Date) {
  return db
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        isNull(businessInvitations.acceptedAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${businessInvitations.createdAt} desc`);
}

export async function insertInvitation(tx: DbOrTx, values: typeof businessInvitations.$inferInsert) {
  await tx.insert(businessInvitations).values(values);
}

/** Withdraws the business's open invitations of this e-mail (a new one replaces them). */
export async function withdrawInvitations(tx: DbOrTx, businessId: string, email: string, now: Date) {
  await tx
    .update(businessInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(businessInvitations.businessId, businessId),
        eq(businessInvitations.email, email),
        isNull(businessInvitations.acceptedAt),
        gt(businessInvitations.expiresAt, now),
      ),
    );
}

/** Withdraws one open invitation of the business; false when there was none. */
export async function withdrawInvitation(tx: DbOrTx, businessId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(businessInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(businessInvitations.id, id),
        eq(businessInvitations.businessId, businessId),
        isNull(businessInvitations.acceptedAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .returning({ id: businessInvitations.id });
  return rows.length > 0;
}

/** The usable invitation of this token's hash (unused, unexpired at `now`), locked for its acceptance. */
export async function lockUsableInvitation(tx: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.tokenHash, tokenHash),
        isNull(businessInvitations.acceptedAt),
        gt(businessInvitations.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function markInvitationAccepted(tx: DbOrTx, id: string, now: Date) {
  await tx.update(businessInvitations).set({ acceptedAt: now }).where(eq(businessInvitations.id, id));
}
