/** Contracts of /api/auth (spec section 7). */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { emailSchema, phoneSchema } from './fields';
import { addressSchema, userSchema } from './common';

const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(128, 'Password must be at most 128 characters.');

export const registerBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResponseSchema = z.object({ message: z.string(), _id: z.string() });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required.').max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Profile update: every field optional; an empty password means "keep the current one". */
export const updateProfileBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100).optional(),
  email: emailSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  phone: phoneSchema.optional(),
  addresses: z.array(addressSchema).max(10, 'At most 10 saved addresses.').optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Spec section 7: the answer carries name, email, phone and addresses (and the user object). */
export const updateProfileResponseSchema = userSchema.extend({ message: z.string(), user: userSchema });
