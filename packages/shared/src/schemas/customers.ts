/**
 * The back office's Customers page (docs/shop-rules.md#customers-page): businesses and the people who belong to no
 * business, one row each, with their price list, open quotes and what they ordered, spent and owe.
 */
import { z } from 'zod';
import { idSchema, textSchema } from './fields';

export const CUSTOMER_KINDS = ['business', 'person'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** newest: joined most recently first; name: A to Z (any case); spent, owes, last order: the largest or latest first. */
export const CUSTOMER_SORTS = [
  'newest',
  'name_asc',
  'name_desc',
  'spent_desc',
  'owes_desc',
  'last_order_desc',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMERS_DEFAULT_LIMIT = 20;
export const CUSTOMERS_MAX_LIMIT = 100;

const emptyIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const wholeNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number from 1.` })
    .int(`${label} must be a whole number from 1.`)
    .min(1, `${label} must be 1 or more.`);

/** The filters the list and its CSV export share. */
export const customerFiltersSchema = z.object({
  kind: z.preprocess(
    emptyIsAbsent,
    z.enum(CUSTOMER_KINDS, { error: `kind must be one of ${quoted(CUSTOMER_KINDS)}.` }).optional(),
  ),
  /** Part of a name, e-mail, phone or GSTIN, any case (a business matches its people's too). */
  search: z.preprocess(
    emptyIsAbsent,
    textSchema('search').trim().max(100, 'search must be at most 100 characters.').optional(),
  ),
  sort: z.preprocess(
    emptyIsAbsent,
    z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${quoted(CUSTOMER_SORTS)}.` }).default('newest'),
  ),
});
export type CustomerFilters = z.infer<typeof customerFiltersSchema>;

/** GET /api/admin/customers (docs/shop-rules.md#admin-lists): one page. */
export const customerListQuerySchema = customerFiltersSchema.extend({
  page: wholeNumber('page').max(100_000, 'page must be at most 100000.').default(1),
  limit: wholeNumber('limit')
    .max(CUSTOMERS_MAX_LIMIT, `limit must be at most ${CUSTOMERS_MAX_LIMIT}.`)
    .default(CUSTOMERS_DEFAULT_LIMIT),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerListParams = Partial<CustomerListQuery>;

export const customerSchema = z.object({
  kind: z.enum(CUSTOMER_KINDS),
  /** The business's id, or the person's (user) id. */
  _id: z.string(),
  /** The business's legal name, or the person's name. */
  name: z.string(),
  /** A person's; null for a business (its people have theirs). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
  /** A business's outlets and people; 0 and 1 for a person. */
  outlets: z.number().int(),
  people: z.number().int(),
  /** Orders placed (by the person, or by any of the business's people), cancelled ones too. */
  orders: z.number().int(),
  /** Rupees: the totals of the orders paid (payment success). */
  spent: z.number(),
  /**
   * Rupees still due on open orders (docs/shop-rules.md#customers-page): the totals of the COD and bank-transfer
   * orders neither cancelled nor paid, less what was received by bank transfer.
   */
  owes: z.number(),
  lastOrderAt: z.string().nullable(),
  createdAt: z.string(),
  /** The price list a business buys on; null for a person and a business on list prices. */
  priceList: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Open quotes (requested, or quoted and not yet accepted, declined or withdrawn). */
  quotes: z.number().int(),
});
export type CustomerDto = z.infer<typeof customerSchema>;

export const customerListResponseSchema = z.object({ data: z.array(customerSchema), total: z.number().int() });
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

export const customerParamsSchema = z.object({ kind: z.enum(CUSTOMER_KINDS), id: idSchema });

/** GET /api/admin/customers/{kind}/{id}: the row, its people, its outlets and its 10 latest orders. */
export const customerDetailSchema = z.object({
  customer: customerSchema,
  people: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string(), role: z.string().nullable() }),
  ),
  outlets: z.array(
    z.object({ _id: z.string(), name: z.string(), brand: z.string(), dealerCode: z.string(), city: z.string() }),
  ),
  recentOrders: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      total: z.number(),
      buyerName: z.string(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
