/**
 * The rules of placing an order (docs/shop-rules.md#orders) that the checkout module (modules/checkout) applies, and
 * reading orders. The delivery state and a buyer's GSTIN are checked first (docs/shop-rules.md#invoices); a buyer may
 * hold at most MAX_OPEN_UNPAID_ORDERS unpaid orders (each holds its stock until paid, confirmed or expired); and a
 * request carrying the key of an order this buyer already placed answers that order instead of placing another (a
 * client that never got the first answer retries safely), provided its body is the same: the order keeps a hash of
 * the body it was placed with, and the key with another body is refused (422, as Stripe does), since answering the
 * first order would tell the client its new order was placed. The unique (user_id, idempotency_key) constraint backs
 * this up.
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_MAX_UNITS_PER_PRODUCT,
  findGstState,
  mayOpen,
  SERVER_MESSAGES,
  validateGstin,
  type CreateOrderBody,
  type OrderDto,
  type Role,
  type StoreSettingsDto,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableEntityError } from '../../lib/errors';
import { invoiceEwayBillFile, taxDocumentPdf, type DocumentCopy, type TransportDetails } from '../invoices';
import { loadOrder, loadOrdersOfBuyer, type OrderRows } from './store/order-dto';
import { ORDER_MESSAGES } from './lifecycle';
import type { PricedLine } from './pricing';
import { findOrderOwners, findOrderTransport, type OrderItemRow } from './store/orders';
import { isColleague, membershipOf } from '../business';

export const ORDER_PLACED_MESSAGE = 'Order placed successfully';

export const ORDER_LIMIT_MESSAGES = {
  tooManyUnpaid: (open: number) =>
    `You have ${open} unpaid ${open === 1 ? 'order' : 'orders'}. Pay or cancel one of them before placing another.`,
  /** Some of them are COD orders, which the buyer cannot pay online: the shop confirms them. */
  tooManyUnpaidWithCod: (open: number) =>
    `You have ${open} unpaid ${open === 1 ? 'order' : 'orders'}. Pay or cancel one of them, or wait until the shop ` +
    'confirms your cash-on-delivery order, before placing another.',
} as const;

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = (key: string) =>
  `The Idempotency-Key '${key}' was already used to place a different order. Send a new key for a new order.`;

/** Code-point order, as the database's C collation sorts (the order lines' display order). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface PlacedOrder {
  order: OrderDto;
  /** True when an earlier request with the same Idempotency-Key had placed it. */
  replayed: boolean;
}

export interface KeyedOrder {
  id: string;
  bodyHash: string | null;
}

/** The order a key placed, when this request is its retry (same body hash); 422 when the key placed another. */
export function replayableOrder(existing: KeyedOrder, idempotencyKey: string, bodyHash: string | null): string {
  if (existing.bodyHash !== null && existing.bodyHash !== bodyHash) {
    throw new UnprocessableEntityError(IDEMPOTENCY_KEY_REUSED_MESSAGE(idempotencyKey));
  }
  return existing.id;
}

/** JSON with every object's keys sorted, so that the same body hashes the same whatever its keys' order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => compareText(a, b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash an order keeps of the body that placed it (as validated: defaults filled in, unknown fields dropped). */
export const orderBodyHash = (body: CreateOrderBody) => createHash('sha256').update(canonicalJson(body)).digest('hex');

/**
 * Refuses (409) an order holding more units of one product, its sizes together, than the store's limit for an
 * unpaid order (every order is unpaid when placed), naming the product and the shop's contact details.
 */
export function refuseUnitsBeyondLimit(lines: readonly PricedLine[], settings: StoreSettingsDto | undefined): void {
  const limit = settings?.maxUnitsPerProduct ?? DEFAULT_MAX_UNITS_PER_PRODUCT;
  const units = new Map<string, { title: string; quantity: number }>();
  for (const line of lines) {
    const product = units.get(line.productId) ?? { title: line.title, quantity: 0 };
    product.quantity += line.quantity;
    units.set(line.productId, product);
  }
  for (const { title, quantity } of units.values()) {
    if (quantity > limit) throw new ConflictError(SERVER_MESSAGES.unitLimit(limit, title, settings));
  }
}

/**
 * What the tax invoice needs from the order body (docs/shop-rules.md#invoices), checked before anything is
 * written: the delivery state must name an Indian state or union territory (the place of supply; the address
 * takes the state as free text, read forgivingly by findGstState), and a GSTIN, when given, must pass the full
 * check (400 with the check's own reason). Answers the business name and the normalised GSTIN, null when none.
 */
export function buyerTaxDetails(body: CreateOrderBody): { businessName: string | null; gstin: string | null } {
  if (!findGstState(body.address.state)) throw new BadRequestError(SERVER_MESSAGES.deliveryStateUnknown);
  let gstin: string | null = null;
  if (body.customer.gstin) {
    const check = validateGstin(body.customer.gstin);
    if (!check.ok) throw new BadRequestError(check.reason);
    gstin = check.gstin;
  }
  return { businessName: body.customer.businessName ?? null, gstin };
}

/** Refuses (409) a placement beyond the buyer's `open` unpaid orders (`cod` of them COD), at most `max`. */
export function refuseTooManyUnpaid(open: { n: number; cod: number }, max: number): void {
  if (open.n >= max) {
    const message = open.cod ? ORDER_LIMIT_MESSAGES.tooManyUnpaidWithCod : ORDER_LIMIT_MESSAGES.tooManyUnpaid;
    throw new ConflictError(message(open.n));
  }
}

/** An order's lines as loadOrders orders them (by title, then id), each with its product's title. */
export function placedItems(items: OrderItemRow[], lines: readonly PricedLine[]): OrderRows['items'] {
  const titleOf = new Map(lines.map((line) => [line.productId, line.title]));
  return items
    .sort((a, b) => compareText(a.title, b.title) || compareText(a.id, b.id))
    .map((item) => ({ item, productTitle: (item.productId && titleOf.get(item.productId)) ?? null }));
}

export async function getOrder(ctx: AppContext, orderId: string): Promise<OrderDto> {
  const order = await loadOrder(ctx, orderId);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
}

/**
 * Whoever may open the orders area (docs/shop-rules.md#staff), the order's buyer, or a colleague in the business it
 * was placed for (docs/shop-rules.md#business-accounts).
 */
const mayRead = async (
  db: AppContext['db'],
  caller: { sub: string; role: Role },
  order: { userId: string; businessId: string | null },
) => mayOpen(caller.role, 'orders') || order.userId === caller.sub || isColleague(db, caller.sub, order.businessId);

/** The orders area, or the buyer; anyone else gets 404 so that order ids cannot be probed. */
export async function getOrderFor(
  ctx: AppContext,
  caller: { sub: string; role: Role },
  orderId: string,
): Promise<OrderDto> {
  const owners = await findOrderOwners(ctx.db, orderId);
  if (!owners || !(await mayRead(ctx.db, caller, owners))) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return getOrder(ctx, orderId);
}

/**
 * The order's tax invoice or credit note as a PDF (docs/shop-rules.md#invoices): its buyer or the orders area only,
 * anyone else 404 `Order not found.`; 404 with the not-issued message when there is none yet.
 */
export async function orderTaxDocumentPdf(
  ctx: AppContext,
  caller: { sub: string; role: Role },
  orderId: string,
  kind: 'invoice' | 'credit-note',
  copy: DocumentCopy = 'recipient',
): Promise<{ fileName: string; pdf: Buffer }> {
  const owners = await findOrderOwners(ctx.db, orderId);
  if (!owners || !(await mayRead(ctx.db, caller, owners))) {
    throw new NotFoundError(ORDER_MESSAGES.notFound);
  }
  // The transporter's copy prints the e-way bill recorded when the order was shipped (CGST Rule 48(1), 138).
  const transport = copy === 'transporter' ? await orderTransport(ctx, orderId) : null;
  return taxDocumentPdf(ctx.db, orderId, kind, { copy, transport });
}

async function orderTransport(ctx: AppContext, orderId: string): Promise<TransportDetails> {
  const transport = await findOrderTransport(ctx.db, orderId);
  if (!transport) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return transport;
}

/** The e-way bill portal's bulk generation file of the order's invoice, with the order's vehicle or transporter. */
export async function orderEwayBillFile(ctx: AppContext, orderId: string) {
  return invoiceEwayBillFile(ctx.db, orderId, await orderTransport(ctx, orderId));
}

/** The caller's orders; for a person in a business, all of the business's orders, whoever placed them. */
export async function listMyOrders(ctx: AppContext, userId: string): Promise<OrderDto[]> {
  const membership = await membershipOf(ctx.db, userId);
  return loadOrdersOfBuyer(ctx, userId, membership?.businessId ?? null);
}
