/**
 * Contracts of /api/admin/staff (docs/shop-rules.md#staff): the owner invites staff with a role, changes their
 * role and removes their access. An invite is a set-password link, valid STAFF_INVITE_VALID_DAYS.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../status';
import { emailSchema, textSchema } from './fields';

export const STAFF_INVITE_VALID_DAYS = 7;

/** What the staff calls answer, quoted in docs/shop-rules.md#staff. */
export const STAFF_MESSAGES = {
  invited: (email: string) =>
    `An invitation was sent to ${email}. Its link sets a password and works for ${STAFF_INVITE_VALID_DAYS} days.`,
  roleChanged: 'The role was changed. They will log in again to use it.',
  removed: 'Their staff access was removed and their sessions have ended.',
  notFound: 'Staff account not found.',
  ownerUntouchable: "The owner's account cannot be changed here.",
  emailTaken: 'An account with this e-mail already exists. Invite another e-mail address.',
  roleRequired: 'Choose a role: orders staff or catalog staff.',
} as const;

const staffRoleSchema = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired });

export const inviteStaffBodySchema = z.object({
  name: textSchema('Name').trim().min(1, 'Name is required.').max(100),
  email: emailSchema,
  role: staffRoleSchema,
});
export type InviteStaffBody = z.infer<typeof inviteStaffBodySchema>;

export const changeStaffRoleBodySchema = z.object({ role: staffRoleSchema });
export type ChangeStaffRoleBody = z.infer<typeof changeStaffRoleBodySchema>;

/** invited: the link is still valid; expired: it ran out unused (invite again); joined: the password is set. */
export const STAFF_STATUSES = ['invited', 'expired', 'joined'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  /** When the account was created by the first invite. */
  invitedAt: z.string(),
  /** When the latest unused invite link runs out; null once joined. */
  inviteExpiresAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ data: z.array(staffMemberSchema) });
export const staffChangeResponseSchema = z.object({ message: z.string(), data: staffMemberSchema });
export type StaffChangeResponse = z.infer<typeof staffChangeResponseSchema>;
