/** Contract of GET /api/pincode/{code}: the public postal-code service's own shape. */
import { z } from 'zod';

export const pincodeParamsSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'A postal code is exactly 6 digits.'),
});

export const postOfficeSchema = z.object({
  Name: z.string(),
  BranchType: z.string(),
  DeliveryStatus: z.string(),
  Circle: z.string(),
  District: z.string(),
  Division: z.string(),
  Region: z.string(),
  Block: z.string(),
  State: z.string(),
  Country: z.string(),
  Pincode: z.string(),
});

export const pincodeResponseSchema = z.array(
  z.object({
    Message: z.string(),
    Status: z.enum(['Success', 'Error']),
    PostOffice: z.array(postOfficeSchema).nullable(),
  }),
);
export type PincodeResponse = z.infer<typeof pincodeResponseSchema>;
