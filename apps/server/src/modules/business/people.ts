/**
 * A business's people (docs/shop-rules.md#business-accounts): the admin invites by e-mail with a role (a link valid
 * BUSINESS_INVITE_VALID_DAYS, only its token's SHA-256 kept, working once, for the account of that e-mail), changes
 * a person's role and removes a person, never the last admin. The business's row is locked for every change of its
 * people, so two admins cannot demote each other at once and leave none.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  BUSINESS_INVITE_VALID_DAYS,
  BUSINESS_MESSAGES,
  type BusinessDto,
  type BusinessRole,
  type InviteMemberBody,
} from '@pumpkart/shared';
import { shopUrlOf } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { enqueueMail, REDACTED_LINK_TOKEN } from '../mail';
import { adminMembership, businessDto } from './service';
import {
  countAdmins,
  deleteMember,
  findMembers,
  findUserByEmail,
  findUserEmail,
  insertInvitation,
  insertMember,
  lockBusiness,
  lockUsableInvitation,
  markInvitationAccepted,
  membershipOf,
  setMemberRole,
  withdrawInvitation,
  withdrawInvitations,
} from './store';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The accept page; the token travels in the fragment, so it never reaches a server log or a Referer. */
export const acceptInvitationUrl = (config: AppContext['config'], token: string) =>
  `${shopUrlOf(config)}/business/join#token=${token}`;

/** POST /api/business/invitations (admin): a new link (older open ones of the e-mail stop working) and its e-mail. */
export async function inviteMember(
  ctx: Pick<AppContext, 'db' | 'config' | 'mail'>,
  userId: string,
  body: InviteMemberBody,
  now: Date = new Date(),
): Promise<BusinessDto> {
  const membership = await adminMembership(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, membership.businessId);
    if (!business) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
    const invitee = await findUserByEmail(tx, body.email);
    if (invitee && (await membershipOf(tx, invitee.id)))
      throw new ConflictError(BUSINESS_MESSAGES.inviteeInAnotherBusiness);
    await withdrawInvitations(tx, business.id, body.email, now);
    const token = randomBytes(32).toString('base64url');
    await insertInvitation(tx, {
      businessId: business.id,
      email: body.email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + BUSINESS_INVITE_VALID_DAYS * 86_400_000),
      createdAt: now,
    });
    // The stored message shows the link redacted; only the copy sent to the person carries the token.
    await enqueueMail(
      tx,
      body.email,
      {
        kind: 'business-invite',
        businessName: business.legalName,
        role: body.role,
        acceptUrl: acceptInvitationUrl(ctx.config, REDACTED_LINK_TOKEN),
        validDays: BUSINESS_INVITE_VALID_DAYS,
      },
      token,
    );
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.invited',
        entityType: 'business',
        entityId: business.id,
        summary: `Invited: ${body.email} as ${body.role}`,
        changes: { role: { before: null, after: body.role } },
      },
    );
  });
  ctx.mail.wake();
  return businessDto(ctx.db, membership, now);
}

/** DELETE /api/business/invitations/{id} (admin): the link stops working. */
export async function withdrawMemberInvitation(
  { db }: Pick<AppContext, 'db'>,
  userId: string,
  invitationId: string,
  now: Date = new Date(),
): Promise<BusinessDto> {
  const membership = await adminMembership(db, userId);
  const withdrawn = await db.transaction((tx) => withdrawInvitation(tx, membership.businessId, invitationId, now));
  if (!withdrawn) throw new NotFoundError(BUSINESS_MESSAGES.invitationUnusable);
  return businessDto(db, membership, now);
}

/**
 * POST /api/business/invitations/accept: the logged-in account whose e-mail the invitation names joins the business
 * with its role. A used, withdrawn, expired or unknown token is 400; another account's invitation 403; a person
 * already in a business 409.
 */
export async function acceptInvitation(
  { db }: Pick<AppContext, 'db'>,
  userId: string,
  token: string,
  now: Date = new Date(),
): Promise<BusinessDto> {
  const membership = await db.transaction(async (tx) => {
    const invitation = await lockUsableInvitation(tx, hashToken(token), now);
    if (!invitation) throw new BadRequestError(BUSINESS_MESSAGES.invitationUnusable);
    const email = await findUserEmail(tx, userId);
    if (email !== invitation.email) throw new ForbiddenError(BUSINESS_MESSAGES.invitationOtherEmail(invitation.email));
    if (await membershipOf(tx, userId)) throw new ConflictError(BUSINESS_MESSAGES.alreadyMember);
    await lockBusiness(tx, invitation.businessId);
    await insertMember(tx, { userId, businessId: invitation.businessId, role: invitation.role, createdAt: now });
    await markInvitationAccepted(tx, invitation.id, now);
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.joined',
        entityType: 'business',
        entityId: invitation.businessId,
        summary: `Joined: ${invitation.email} as ${invitation.role}`,
        changes: null,
      },
    );
    return { businessId: invitation.businessId, role: invitation.role };
  });
  return businessDto(db, membership, now);
}

/** The person in the admin's business, locked with it; 404 for anyone else; 409 when the change leaves no admin. */
async function lockedMember(tx: DbOrTx, businessId: string, memberId: string, nextRole: BusinessRole | null) {
  await lockBusiness(tx, businessId);
  const member = (await findMembers(tx, businessId)).find((m) => m.id === memberId);
  if (!member) throw new NotFoundError(BUSINESS_MESSAGES.memberNotFound);
  if (member.role === 'admin' && nextRole !== 'admin' && (await countAdmins(tx, businessId)) <= 1) {
    throw new ConflictError(BUSINESS_MESSAGES.lastAdmin);
  }
  return member;
}

/** PATCH /api/business/members/{id} (admin). */
export async function changeMemberRole(
  { db }: Pick<AppContext, 'db'>,
  userId: string,
  memberId: string,
  role: BusinessRole,
): Promise<BusinessDto> {
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, membership.businessId, memberId, role);
    if (member.role === role) return;
    await setMemberRole(tx, memberId, role);
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.role_changed',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `${member.email}: ${member.role} → ${role}`,
        changes: { role: { before: member.role, after: role } },
      },
    );
  });
  // The admin may have changed their own role: answer as what they are now.
  const now = await membershipOf(db, userId);
  return businessDto(db, now ?? membership);
}

/** DELETE /api/business/members/{id} (admin): the person shops as a consumer again; the business keeps its orders. */
export async function removeMember({ db }: Pick<AppContext, 'db'>, userId: string, memberId: string) {
  const membership = await adminMembership(db, userId);
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, membership.businessId, memberId, null);
    await deleteMember(tx, memberId);
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: 'business.member_removed',
        entityType: 'business',
        entityId: membership.businessId,
        summary: `Removed: ${member.email} (${member.role})`,
        changes: { role: { before: member.role, after: null } },
      },
    );
  });
}
