/** Column helpers every area's tables share. */
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** An amount of money in paise. */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
