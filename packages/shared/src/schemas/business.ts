/**
 * Contracts of /api/business (docs/shop-rules.md#business-accounts): a person's business with its outlets, people
 * and open invitations; creating and editing it; inviting, re-roling and removing people; accepting an invitation;
 * and approving or rejecting an order above the business's approval limit.
 */
import { z } from 'zod';
import { APPROVAL_STATUSES, BUSINESS_INVITE_VALID_DAYS, BUSINESS_ROLES, OUTLET_BRANDS } from '../business';
import { addressSchema, optionalGstinSchema, rupeesSchema } from './common';
import { emailSchema, indiaDaySchema, textSchema } from './fields';

/** What the business calls answer, quoted in docs/shop-rules.md#business-accounts. */
export const BUSINESS_MESSAGES = {
  notFound: 'Business not found.',
  alreadyMember: 'You already belong to a business.',
  adminOnly: "Only the business's admin can do this.",
  outletNotFound: 'Outlet not found.',
  outletHasAssets: 'This outlet still has equipment in its register. Move it to another outlet or retire it first.',
  memberNotFound: 'Person not found in this business.',
  lastAdmin: 'A business keeps at least one admin. Make someone else admin first.',
  invited: (email: string) =>
    `An invitation was sent to ${email}. Its link works for ${BUSINESS_INVITE_VALID_DAYS} days.`,
  inviteeInAnotherBusiness: 'This person already belongs to a business.',
  invitationUnusable: 'This invitation link is not valid any more (used, withdrawn or expired). Ask for a new one.',
  invitationOtherEmail: (email: string) => `This invitation is for ${email}. Log in with that e-mail to accept it.`,
  joined: (legalName: string) => `You joined ${legalName}.`,
  viewerCannotBuy: 'Your role in your business is viewer: you can see its orders but not place them.',
  viewerCannotAskQuote: 'A viewer of the business cannot ask for quotes.',
  outletRequired: "Choose one of your business's outlets as the delivery address.",
  notApprover: 'Only an approver or the admin of the business can approve orders.',
  notAwaitingApproval: 'This order is not waiting for approval.',
  awaitingApproval: 'This order is waiting for approval by your business.',
  approved: 'The order was approved.',
  rejected: 'The order was rejected and cancelled.',
} as const;

export const businessRoleSchema = z.enum(BUSINESS_ROLES, { error: 'Choose a role: admin, approver, buyer or viewer.' });
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);

export const businessBodySchema = z.object({
  legalName: textSchema('Legal name').trim().min(1, 'Legal name is required.').max(200),
  gstin: optionalGstinSchema,
  billingAddress: addressSchema,
  /** Orders above this many rupees wait for approval; null: none do. */
  approvalLimit: rupeesSchema.nullable().default(null),
});
export type BusinessBody = z.infer<typeof businessBodySchema>;

/** An optional field of a form: an empty text (or none sent) counts as none. */
const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

export const outletBodySchema = z.object({
  name: textSchema('Outlet name').trim().min(1, 'Outlet name is required.').max(100),
  address: addressSchema,
  brand: z.enum(OUTLET_BRANDS, { error: 'Choose the outlet brand.' }),
  dealerCode: textSchema('Dealer code').trim().max(50).default(''),
  /** The PESO licence number and the last day it is valid (India calendar); both optional, empty counts as none. */
  pesoLicenceNumber: z.preprocess(
    blankAsNull,
    textSchema('PESO licence number', { error: 'PESO licence number must be text.' })
      .trim()
      .max(100, 'PESO licence number must be at most 100 characters.')
      .nullable()
      .default(null),
  ),
  pesoLicenceValidUntil: z.preprocess(blankAsNull, indiaDaySchema('PESO licence valid until').nullable().default(null)),
  /**
   * Whether the outlet's people get e-mails of tasks falling due (docs/shop-rules.md#reminders). Left out: a new
   * outlet gets them, an edited one keeps what it had.
   */
  remindersEnabled: z.boolean({ error: 'Reminders must be on or off.' }).optional(),
});
export type OutletBody = z.infer<typeof outletBodySchema>;

export const inviteMemberBodySchema = z.object({ email: emailSchema, role: businessRoleSchema });
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

export const memberRoleBodySchema = z.object({ role: businessRoleSchema });

export const acceptInvitationBodySchema = z.object({ token: z.string().min(10).max(200) });

export const outletSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: addressSchema,
  brand: z.enum(OUTLET_BRANDS),
  dealerCode: z.string(),
  pesoLicenceNumber: z.string().nullable(),
  /** YYYY-MM-DD, the last day the licence is valid; null when not entered. */
  pesoLicenceValidUntil: z.string().nullable(),
  /** Whether its people get e-mails of tasks falling due (docs/shop-rules.md#reminders). */
  remindersEnabled: z.boolean(),
});
export type OutletDto = z.infer<typeof outletSchema>;

export const businessMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: businessRoleSchema,
});

export const businessInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: businessRoleSchema,
  expiresAt: z.string(),
});

export const businessSchema = z.object({
  _id: z.string(),
  legalName: z.string(),
  gstin: z.string().nullable(),
  billingAddress: addressSchema,
  approvalLimit: z.number().nullable(),
  /** The caller's role in it. */
  role: businessRoleSchema,
  outlets: z.array(outletSchema),
  members: z.array(businessMemberSchema),
  /** Open invitations (unused, unexpired): the admin sees them, others get []. */
  invitations: z.array(businessInvitationSchema),
});
export type BusinessDto = z.infer<typeof businessSchema>;

export const myBusinessResponseSchema = z.object({ business: businessSchema.nullable() });
export type MyBusinessResponse = z.infer<typeof myBusinessResponseSchema>;
export const businessChangeResponseSchema = z.object({ message: z.string(), business: businessSchema });
