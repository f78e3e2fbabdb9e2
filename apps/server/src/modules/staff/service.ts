/**
 * Staff accounts (docs/shop-rules.md#staff): the owner invites a person with a staff role, changes their role and
 * removes their access. An invited account has no password (NO_PASSWORD_HASH) until its invite link, a password
 * link valid STAFF_INVITE_VALID_DAYS, sets one. Every change is written with its e-mail and its audit record in one
 * transaction; a role change or a removal raises the token version, which ends the person's sessions.
 */
import {
  ROLE_LABELS,
  STAFF_INVITE_VALID_DAYS,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type InviteStaffBody,
  type StaffMember,
  type StaffRole,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit';
import { createPasswordLink, forgetSession, NO_PASSWORD_HASH, revokePasswordLinks, setPasswordUrl } from '../auth';
import { enqueueMail, REDACTED_LINK_TOKEN } from '../mail';
import {
  deleteUser,
  findStaffRows,
  insertUser,
  lockUser,
  lockUserByEmail,
  setRoleEndingSessions,
  updateUser,
  type StaffRow,
} from './store';

const INVITE_VALID_MINUTES = STAFF_INVITE_VALID_DAYS * 24 * 60;

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
const roleName = (role: StaffRole) => ROLE_LABELS[role].toLowerCase();

function toStaffMember(row: StaffRow, now: Date): StaffMember {
  const joined = row.passwordHash !== NO_PASSWORD_HASH;
  const expiresAt = joined ? null : row.linkExpiresAt;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    status: joined ? 'joined' : expiresAt && expiresAt > now ? 'invited' : 'expired',
    invitedAt: row.createdAt.toISOString(),
    inviteExpiresAt: expiresAt?.toISOString() ?? null,
  };
}

async function staffMember(db: DbOrTx, userId: string, now: Date): Promise<StaffMember> {
  const [row] = await findStaffRows(db, userId);
  if (!row) throw new NotFoundError(STAFF_MESSAGES.notFound);
  return toStaffMember(row, now);
}

/** GET /api/admin/staff: every staff account, the earliest invited first. */
export async function listStaff({ db }: Pick<AppContext, 'db'>, now: Date = new Date()): Promise<StaffMember[]> {
  return (await findStaffRows(db)).map((row) => toStaffMember(row, now));
}

/**
 * POST /api/admin/staff: creates the account without a password, or, for an e-mail whose invite is still unused,
 * takes the new name and role and replaces its link (the older links stop working); writes the invite e-mail and
 * the audit record. An e-mail of any other account (a buyer, the owner, staff who joined) is 409.
 */
export async function inviteStaff(
  ctx: Pick<AppContext, 'db' | 'config' | 'mail'>,
  actor: AuditActor,
  body: InviteStaffBody,
  now: Date = new Date(),
): Promise<StaffMember> {
  const userId = await ctx.db
    .transaction(async (tx) => {
      const existing = await lockUserByEmail(tx, body.email);
      const pending = existing && isStaffRole(existing.role) && existing.passwordHash === NO_PASSWORD_HASH;
      if (existing && !pending) throw new ConflictError(STAFF_MESSAGES.emailTaken);
      const id = existing
        ? existing.id
        : await insertUser(tx, {
            name: body.name,
            email: body.email,
            phone: '',
            passwordHash: NO_PASSWORD_HASH,
            role: body.role,
          });
      if (existing) {
        await updateUser(tx, id, { name: body.name, role: body.role, updatedAt: now });
        await revokePasswordLinks(tx, id, now);
      }
      const token = await createPasswordLink(tx, id, INVITE_VALID_MINUTES, now);
      // The stored message shows the link redacted; only the copy sent to the person carries the token.
      await enqueueMail(
        tx,
        body.email,
        {
          kind: 'staff-invite',
          name: body.name,
          role: body.role,
          setPasswordUrl: setPasswordUrl(ctx.config, REDACTED_LINK_TOKEN),
          validDays: STAFF_INVITE_VALID_DAYS,
        },
        token,
      );
      await recordAudit(tx, actor, {
        kind: 'staff.invited',
        entityType: 'staff',
        entityId: id,
        summary: `${existing ? 'Invited again' : 'Invited'}: ${body.email} as ${roleName(body.role)}`,
        changes: {
          name: { before: existing?.name ?? null, after: body.name },
          role: { before: existing?.role ?? null, after: body.role },
        },
      });
      return id;
    })
    .catch((error: unknown) => {
      // Two invites of one new e-mail at once: the second finds the first's account taken.
      if (isUniqueViolation(error)) throw new ConflictError(STAFF_MESSAGES.emailTaken);
      throw error;
    });
  forgetSession(userId);
  ctx.mail.wake();
  return staffMember(ctx.db, userId, now);
}

/** The staff account, locked for the change: 404 for no account or a buyer's, 403 for the owner's. */
async function lockedStaff(tx: DbOrTx, userId: string) {
  const row = await lockUser(tx, userId);
  if (row?.role === 'admin') throw new ForbiddenError(STAFF_MESSAGES.ownerUntouchable);
  if (!row || !isStaffRole(row.role)) throw new NotFoundError(STAFF_MESSAGES.notFound);
  return { ...row, role: row.role };
}

/**
 * PATCH /api/admin/staff/{id}: the new role, and the token version goes up so the person logs in again with it
 * (the back office's menu follows the role). The same role again changes nothing and records nothing.
 */
export async function changeStaffRole(
  { db }: Pick<AppContext, 'db'>,
  actor: AuditActor,
  userId: string,
  role: StaffRole,
  now: Date = new Date(),
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const staff = await lockedStaff(tx, userId);
    if (staff.role === role) return;
    await setRoleEndingSessions(tx, userId, role, now);
    await recordAudit(tx, actor, {
      kind: 'staff.role_changed',
      entityType: 'staff',
      entityId: userId,
      summary: `${staff.email}: ${roleName(staff.role)} → ${roleName(role)}`,
      changes: { role: { before: staff.role, after: role } },
    });
  });
  forgetSession(userId);
  return staffMember(db, userId, now);
}

/**
 * DELETE /api/admin/staff/{id}: an invite never used is withdrawn (the account, which never had a password, is
 * deleted with its links); a person who joined becomes a customer, their token version goes up (every session
 * ends) and their unused links stop working.
 */
export async function removeStaff(
  { db }: Pick<AppContext, 'db'>,
  actor: AuditActor,
  userId: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const staff = await lockedStaff(tx, userId);
    const pending = staff.passwordHash === NO_PASSWORD_HASH;
    if (pending) {
      await deleteUser(tx, userId);
    } else {
      await setRoleEndingSessions(tx, userId, 'customer', now);
      await revokePasswordLinks(tx, userId, now);
    }
    await recordAudit(tx, actor, {
      kind: 'staff.removed',
      entityType: 'staff',
      entityId: userId,
      summary: `${pending ? 'Invite withdrawn' : 'Removed'}: ${staff.email} (${roleName(staff.role)})`,
      changes: { role: { before: staff.role, after: pending ? null : 'customer' } },
    });
  });
  forgetSession(userId);
}
