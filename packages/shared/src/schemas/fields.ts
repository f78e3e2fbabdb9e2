/** zod field schemas built on the shared patterns (docs/shop-rules.md#validation). */
import { z } from 'zod';
import { PHONE_PATTERN, POSTAL_CODE_PATTERN } from '../validation';

/** Why a text with a NUL character is refused, naming the field as the form labels it. */
export const disallowedCharacterMessage = (label: string) => `${label} contains a character that is not allowed.`;

/**
 * Every free text the API accepts starts here. PostgreSQL text and jsonb cannot hold the NUL
 * character (U+0000): without this check such a value reached the database and failed as a 500.
 * `label` names the field in the message; `params` are z.string()'s own (e.g. a missing-field error).
 */
export function textSchema(label: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(hasNoNulCharacter, disallowedCharacterMessage(label));
}

export const hasNoNulCharacter = (value: string) => !value.includes('\u0000');

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'Phone must be exactly 10 digits.');

export const postalCodeSchema = z.string().trim().regex(POSTAL_CODE_PATTERN, 'Postal code must be exactly 6 digits.');

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));

/** Ids are UUID strings (docs/shop-rules.md#validation). */
export const idSchema = z.uuid('Not a valid id.');

const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};

/** A day of the India calendar as YYYY-MM-DD that exists (2026-02-30 does not); `label` names the field. */
export const indiaDaySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD.`)
    .refine(isCalendarDay, `${label} is not a date of the calendar.`);

/**
 * The instants a day of the India calendar spans: from its start up to (not including) the next day's start.
 * India keeps +05:30 all year (no daylight saving), so a day is a fixed-offset range.
 */
export function indiaDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+05:30`);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}
