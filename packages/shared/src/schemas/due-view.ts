/**
 * The owner's due view (docs/shop-rules.md#due-view): every compliance task falling due at customers' outlets in
 * the next 30, 60 or 90 days (the overdue ones as a bucket of their own), counted by task and by city, listed a page
 * at a time and exported as CSV; and the annual maintenance contracts' visits (docs/shop-rules.md#amc).
 */
import { z } from 'zod';
import { idSchema, indiaDaySchema, textSchema } from './fields';

export const DUE_WINDOWS = [30, 60, 90] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];
export const DUE_LIST_DEFAULT_LIMIT = 50;
export const DUE_LIST_MAX_LIMIT = 200;
/** The list holds the items up to the page asked for (docs/shop-rules.md#due-view), so pages go this far only. */
export const DUE_LIST_MAX_ITEMS = 10_000;

export const DUE_VIEW_MESSAGES = {
  days: `days must be one of ${DUE_WINDOWS.join(', ')}.`,
  pageTooFar: `Only the first ${DUE_LIST_MAX_ITEMS} items can be paged through: narrow the window or export the CSV.`,
  visitNotFound: 'AMC visit not found.',
  visitAlreadyDone: 'This visit is already marked done.',
  visitDoneInFuture: 'A visit cannot be marked done on a day still to come.',
  visitDoneBeforeStart: 'A visit cannot be marked done before its contract starts.',
  visitDone: 'Visit marked done.',
} as const;

const wholeNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number from 1.` })
    .int(`${label} must be a whole number from 1.`)
    .min(1, `${label} must be 1 or more.`);

const daysSchema = z.coerce
  .number({ error: DUE_VIEW_MESSAGES.days })
  .refine((days): days is DueWindow => (DUE_WINDOWS as readonly number[]).includes(days), DUE_VIEW_MESSAGES.days)
  .default(30);

/** GET /api/admin/due-tasks.csv and /api/admin/amc/visits: the window. */
export const dueWindowQuerySchema = z.object({ days: daysSchema });
export type DueWindowQuery = z.infer<typeof dueWindowQuerySchema>;

/** GET /api/admin/due-tasks: the window and a page of its items. */
export const dueViewQuerySchema = dueWindowQuerySchema
  .extend({
    page: wholeNumber('page').max(DUE_LIST_MAX_ITEMS, `page must be at most ${DUE_LIST_MAX_ITEMS}.`).default(1),
    limit: wholeNumber('limit')
      .max(DUE_LIST_MAX_LIMIT, `limit must be at most ${DUE_LIST_MAX_LIMIT}.`)
      .default(DUE_LIST_DEFAULT_LIMIT),
  })
  .refine((query) => query.page * query.limit <= DUE_LIST_MAX_ITEMS, DUE_VIEW_MESSAGES.pageTooFar);
export type DueViewQuery = z.infer<typeof dueViewQuerySchema>;
export type DueViewParams = Partial<DueViewQuery>;

/** One task falling due at an outlet (an asset's, or the outlet's PESO licence renewal, whose asset is null). */
export const dueItemSchema = z.object({
  assetId: z.string().nullable(),
  businessId: z.string(),
  businessName: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  city: z.string(),
  make: z.string(),
  model: z.string(),
  /** The asset's serial number, or the licence's number. */
  serialNumber: z.string().nullable(),
  taskKey: z.string(),
  title: z.string(),
  dueOn: z.string(),
  lastDoneOn: z.string().nullable(),
  /** Due before today (India's). */
  overdue: z.boolean(),
});
export type DueItemDto = z.infer<typeof dueItemSchema>;

const countsSchema = { count: z.number().int(), overdue: z.number().int() };

export const dueViewSchema = z.object({
  days: z.number().int(),
  /** India's today and the window's last day: due from today to `to`, and before today as overdue. */
  today: z.string(),
  to: z.string(),
  totals: z.object({
    /** Every item: overdue and due in the window. */
    count: z.number().int(),
    overdue: z.number().int(),
    /** Due from today to the window's end. */
    due: z.number().int(),
    outlets: z.number().int(),
    businesses: z.number().int(),
  }),
  /** By task, the most items first. */
  byTask: z.array(z.object({ taskKey: z.string(), title: z.string(), ...countsSchema })),
  /** By the outlet's city, the most items first. */
  byCity: z.array(z.object({ city: z.string(), ...countsSchema })),
  /** A page of the items, by due day (the earliest first). */
  items: z.array(dueItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DueViewDto = z.infer<typeof dueViewSchema>;

/** A visit of an annual maintenance contract. */
export const amcVisitSchema = z.object({
  _id: z.string(),
  contractId: z.string(),
  /** 1 to the contract's visits. */
  number: z.number().int(),
  dueOn: z.string(),
  doneOn: z.string().nullable(),
  /** The staff member who marked it done (their name), null while open or once removed. */
  doneBy: z.string().nullable(),
  note: z.string(),
});
export type AmcVisitDto = z.infer<typeof amcVisitSchema>;

export const amcContractSchema = z.object({
  _id: z.string(),
  outletId: z.string().nullable(),
  productId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** The order line's title (the AMC product as sold). */
  title: z.string(),
  /** Units of the order line the contract covers (e.g. dispensers). */
  quantity: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** One of AMC_VISITS_PER_YEAR. */
  visitsPerYear: z.number().int(),
  visits: z.array(amcVisitSchema),
});
export type AmcContractDto = z.infer<typeof amcContractSchema>;

/** GET /api/business/outlets/{id}/amc: the outlet's contracts, the latest first, each with its visits. */
export const outletAmcSchema = z.object({ contracts: z.array(amcContractSchema) });
export type OutletAmcDto = z.infer<typeof outletAmcSchema>;

/** An open visit in the back office's list, with whose outlet it is. */
export const amcVisitDueSchema = amcVisitSchema.extend({
  visits: z.number().int(),
  title: z.string(),
  businessName: z.string(),
  outletName: z.string(),
  city: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  overdue: z.boolean(),
});
export type AmcVisitDueDto = z.infer<typeof amcVisitDueSchema>;

/** The open visits the back office lists at most (the earliest due); `total` counts them all. */
export const AMC_VISITS_LIST_MAX = 500;

/** GET /api/admin/amc/visits: the open visits due up to the window's end (overdue too), by due day. */
export const amcVisitsDueSchema = z.object({
  today: z.string(),
  to: z.string(),
  total: z.number().int(),
  visits: z.array(amcVisitDueSchema),
});
export type AmcVisitsDueDto = z.infer<typeof amcVisitsDueSchema>;

export const amcVisitParamsSchema = z.object({ id: idSchema });
export const amcVisitDoneBodySchema = z.object({
  doneOn: indiaDaySchema('Done on'),
  note: textSchema('Note').trim().max(1000, 'Note must be at most 1000 characters.').default(''),
});
export type AmcVisitDoneBody = z.infer<typeof amcVisitDoneBodySchema>;

export const amcVisitDoneResponseSchema = z.object({
  message: z.string(),
  visit: amcVisitSchema,
  /** Task records written for the outlet's assets (the tasks the AMC product covers). */
  tasksRecorded: z.number().int(),
});

/**
 * POST /api/admin/reminders/run: today's reminders sent now (docs/shop-rules.md#reminders), the owner's button for a
 * register filled in during the day, after the day's run; what was already mailed is not mailed again.
 */
export const reminderRunSchema = z.object({
  message: z.string(),
  day: z.string(),
  tasks: z.number().int(),
  outlets: z.number().int(),
  mails: z.number().int(),
});
export type ReminderRunDto = z.infer<typeof reminderRunSchema>;

export const reminderRunMessage = (mails: number) =>
  mails === 0 ? 'No new reminders to send today.' : `${mails} reminder e-mail${mails === 1 ? '' : 's'} sent.`;
