/** zod field schemas built on the shared patterns (spec sections 5 and 9). */
import { z } from 'zod';
import { PHONE_PATTERN, POSTAL_CODE_PATTERN } from '../validation';

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'Phone must be exactly 10 digits.');

export const postalCodeSchema = z.string().trim().regex(POSTAL_CODE_PATTERN, 'Postal code must be exactly 6 digits.');

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));

/** Ids are UUID strings (DESIGN section 2). */
export const idSchema = z.uuid('Not a valid id.');
