/** Building blocks of the API contracts: errors, ids, rupee amounts, addresses, users. */
import { z } from 'zod';
import { MAX_ORDER_AMOUNT } from '../constants';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { ROLES } from '../status';
import { emailSchema, idSchema, phoneSchema, postalCodeSchema, textSchema } from './fields';

/** Every error the API answers (docs/shop-rules.md#validation). */
export const errorSchema = z.object({
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageSchema = z.object({ message: z.string() });

export const idParamsSchema = z.object({ id: idSchema });

/** Rupees as a number with at most 2 decimals (docs/shop-rules.md#money), never above what an order can reach. */
export const rupeesSchema = z
  .number()
  .nonnegative()
  .max(MAX_ORDER_AMOUNT, 'Amount is larger than any order can be.')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'At most 2 decimals.');

const requiredText = (label: string, message: string, max = 200) =>
  textSchema(label, { error: message }).trim().min(1, message).max(max);

/**
 * A shipping or saved address (docs/shop-rules.md#validation): every field but line2 is required; phone
 * 10 digits, postal code 6 digits.
 */
export const addressSchema = z.object({
  recipientName: requiredText('Recipient name', MESSAGES.checkoutAddressIncomplete, 100),
  recipientPhone: z.string({ error: MESSAGES.checkoutAddressIncomplete }).pipe(phoneSchema),
  line1: requiredText('Address line 1', MESSAGES.checkoutAddressIncomplete),
  line2: textSchema('Address line 2').trim().max(200).optional().default(''),
  city: requiredText('City', MESSAGES.checkoutAddressIncomplete, 100),
  state: requiredText('State', MESSAGES.checkoutAddressIncomplete, 100),
  postalCode: z.string({ error: MESSAGES.checkoutAddressIncomplete }).pipe(postalCodeSchema),
  country: requiredText('Country', MESSAGES.checkoutAddressIncomplete, 100),
});
export type Address = z.infer<typeof addressSchema>;

export const roleSchema = z.enum(ROLES);

/** Longest business name a buyer may give for a tax invoice (docs/shop-rules.md#invoices). */
export const BUSINESS_NAME_MAX_LENGTH = 200;

/** Empty (after trimming) means none: the answer is then null. */
const emptyToNull = (value: string | null) => (value === '' ? null : value);

/**
 * A buyer's business name, for a tax invoice in the business's name (docs/shop-rules.md#invoices): optional,
 * trimmed, up to 200 characters; null or empty means none.
 */
export const optionalBusinessNameSchema = textSchema('Business name')
  .trim()
  .max(BUSINESS_NAME_MAX_LENGTH, SERVER_MESSAGES.businessNameTooLong)
  .nullable()
  .transform(emptyToNull)
  .optional();

/**
 * A buyer's GSTIN as typed: trimmed and upper-cased, null or empty meaning none. The server checks a present one
 * with validateGstin and answers its reason word for word (docs/shop-rules.md#invoices), so no rule is repeated here.
 */
export const optionalGstinSchema = textSchema('GSTIN')
  .trim()
  .toUpperCase()
  .nullable()
  .transform(emptyToNull)
  .optional();

/** The user object the API returns. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string(),
  addresses: z.array(addressSchema),
  /** The buyer's business name and GSTIN for tax invoices (docs/shop-rules.md#accounts); null when not given. */
  businessName: z.string().nullable(),
  gstin: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export { emailSchema, idSchema, phoneSchema, postalCodeSchema, textSchema };
