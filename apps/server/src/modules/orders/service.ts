/**
 * Placing and reading orders (docs/shop-rules.md#orders). The delivery state and a buyer's GSTIN are
 * checked first (docs/shop-rules.md#invoices). An order is priced by the server
 * (pricing.ts), then written in ONE transaction: the order, its lines (copies of title, size, unit
 * price and image), the stock reservation (stock.ts) and its payment row. Any refusal rolls the
 * whole transaction back, so there is never a half-written order.
 *
 * The transaction first locks the buyer's user row, so that one buyer's placements run one at a
 * time: the cap on open unpaid orders (MAX_OPEN_UNPAID_ORDERS: each holds its stock until paid,
 * confirmed or expired) and the Idempotency-Key look-up cannot be raced past. Before it, the units of
 * each product are checked against the store's limit for an unpaid order (store settings). A request carrying the key
 * of an order this buyer already placed answers that order instead of placing another (a client
 * that never got the first answer retries safely), provided its body is the same: the order keeps a hash of the
 * body it was placed with, and the key with another body is refused (422, as Stripe does), since answering the first
 * order would tell the client its new order was placed. The unique (user_id, idempotency_key) constraint
 * backs this up.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
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
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { preparedInsert, preparedInTransaction } from '../../lib/prepared';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableEntityError } from '../../lib/errors';
import { removeOrderedLines } from '../cart';
import { taxDocumentPdf } from '../invoices';
import { enqueueMails, ownerEmail, type Envelope } from '../mail';
import { loadOrder, loadOrders, orderDtoOf, type OrderRows } from './dto';
import { ORDER_MESSAGES } from './lifecycle';
import { findStoreSettings } from '../settings';
import { orderItemRows, priceOrder, type PricedLine } from './pricing';
import { reserveStock } from './stock';

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

/** What placing wrote, as the answer shows it (orderDtoOf). */
type PlacedRows = Pick<OrderRows, 'order' | 'user' | 'payment' | 'items'>;

/** Code-point order, as the database's C collation sorts (the order lines' display order). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface PlacedOrder {
  order: OrderDto;
  /** True when an earlier request with the same Idempotency-Key had placed it. */
  replayed: boolean;
}

interface KeyedOrder {
  id: string;
  bodyHash: string | null;
}

async function orderIdByKey(db: DbOrTx, userId: string, idempotencyKey: string): Promise<KeyedOrder | undefined> {
  const [row] = await db
    .select({ id: orders.id, bodyHash: orders.idempotencyBodyHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
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
 * Orders of the buyer still pending with their payment pending (an online one's failed attempts included; a COD one
 * until the owner marks it paid, which is how the owner confirms it), and how many of them are COD: built once.
 */
const openUnpaidOrdersQuery = preparedInTransaction((tx) =>
  tx
    .select({ n: count(), cod: sql<number>`count(*) filter (where ${orders.paymentMode} = 'cod')`.mapWith(Number) })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(eq(orders.userId, sql.placeholder('userId')), eq(orders.status, 'pending'), eq(payments.status, 'pending')),
    )
    .prepare('open_unpaid_orders'),
);

/**
 * Refuses (409) an order holding more units of one product, its sizes together, than the store's limit for an
 * unpaid order (every order is unpaid when placed), naming the product and the shop's contact details.
 */
function refuseUnitsBeyondLimit(lines: readonly PricedLine[], settings: StoreSettingsDto | undefined): void {
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

/** The buyer's row locked (FOR NO KEY UPDATE leaves other users' references alone): built once. */
const lockBuyerQuery = preparedInTransaction((tx) =>
  tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('no key update')
    .prepare('lock_buyer'),
);

/** A placed order's row, its lines' and its payment's, built once. */
const insertOrderQuery = preparedInsert(
  orders,
  [
    'userId',
    'status',
    'paymentMode',
    'customerName',
    'customerEmail',
    'customerPhone',
    'customerBusinessName',
    'customerGstin',
    'address',
    'subtotalPaise',
    'shippingPaise',
    'totalPaise',
    'idempotencyKey',
    'idempotencyBodyHash',
  ],
  'insert_order',
);
const insertItemsQuery = preparedInsert(
  orderItems,
  [
    'orderId',
    'productId',
    'variantId',
    'title',
    'size',
    'imageUrl',
    'unitPricePaise',
    'quantity',
    'subtotalPaise',
    'hsnCode',
    'gstRate',
    'certificates',
  ],
  'insert_order_items',
);
const insertPaymentQuery = preparedInsert(
  payments,
  ['orderId', 'mode', 'status', 'amountPaise', 'gateway'],
  'insert_payment',
);

/**
 * What the tax invoice needs from the order body (docs/shop-rules.md#invoices), checked before anything is
 * written: the delivery state must name an Indian state or union territory (the place of supply; the address
 * takes the state as free text, read forgivingly by findGstState), and a GSTIN, when given, must pass the full
 * check (400 with the check's own reason). Answers the business name and the normalised GSTIN, null when none.
 */
function buyerTaxDetails(body: CreateOrderBody): { businessName: string | null; gstin: string | null } {
  if (!findGstState(body.address.state)) throw new BadRequestError(SERVER_MESSAGES.deliveryStateUnknown);
  let gstin: string | null = null;
  if (body.customer.gstin) {
    const check = validateGstin(body.customer.gstin);
    if (!check.ok) throw new BadRequestError(check.reason);
    gstin = check.gstin;
  }
  return { businessName: body.customer.businessName ?? null, gstin };
}

export async function createOrder(
  ctx: AppContext,
  userId: string,
  body: CreateOrderBody,
  options: { idempotencyKey?: string } = {},
): Promise<PlacedOrder> {
  const { idempotencyKey } = options;
  const bodyHash = idempotencyKey ? orderBodyHash(body) : null;
  /** The order a key placed, when this request is its retry (same body); 422 when the key placed another. */
  const replayable = (existing: KeyedOrder): string => {
    if (existing.bodyHash !== null && existing.bodyHash !== bodyHash) {
      throw new UnprocessableEntityError(IDEMPOTENCY_KEY_REUSED_MESSAGE(idempotencyKey!));
    }
    return existing.id;
  };
  const replay = async (orderId: string): Promise<PlacedOrder> => ({
    order: await getOrder(ctx, orderId),
    replayed: true,
  });
  if (idempotencyKey) {
    const existing = await orderIdByKey(ctx.db, userId, idempotencyKey);
    if (existing) return replay(replayable(existing));
  }
  // Cash on delivery only when the operator turned it on (docs/shop-rules.md#cod).
  if (body.paymentMode === 'cod' && !ctx.config.COD_ENABLED) throw new BadRequestError(SERVER_MESSAGES.codDisabled);
  const buyer = buyerTaxDetails(body);
  const { lines, totals, images } = await priceOrder(ctx.db, ctx.storage, body);
  refuseUnitsBeyondLimit(lines, await findStoreSettings(ctx));

  let placed:
    | { orderId: string; replayed: true }
    | { orderId: string; replayed: false; availabilityChanged: boolean; mailed: boolean; rows: PlacedRows };
  try {
    placed = await ctx.db.transaction(async (tx) => {
      // One placement per buyer at a time (FOR NO KEY UPDATE leaves other users' references alone).
      const [user] = await lockBuyerQuery(tx).execute({ userId });
      if (!user) throw new Error(`The buyer ${userId} no longer exists.`);
      if (idempotencyKey) {
        const existing = await orderIdByKey(tx, userId, idempotencyKey);
        if (existing) return { orderId: replayable(existing), replayed: true as const };
      }
      // Unpaid orders of both modes count: a COD order holds its stock, without expiring, until the owner confirms it.
      const [row] = await openUnpaidOrdersQuery(tx).execute({ userId });
      const open = row?.n ?? 0;
      if (open >= ctx.config.MAX_OPEN_UNPAID_ORDERS) {
        const message = row?.cod ? ORDER_LIMIT_MESSAGES.tooManyUnpaidWithCod : ORDER_LIMIT_MESSAGES.tooManyUnpaid;
        throw new ConflictError(message(open));
      }
      return { ...(await insertOrder(tx, user)), replayed: false as const };
    });
  } catch (error) {
    // A concurrent request with the same key committed first (the lock makes this rare).
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await orderIdByKey(ctx.db, userId, idempotencyKey);
      if (existing) return replay(replayable(existing));
    }
    throw error;
  }
  if (placed.replayed) return replay(placed.orderId);
  if (placed.mailed) ctx.mail.wake();
  // Only a line that sold out changes what the catalog offers; lower stock figures may show up to
  // the cache's TTL stale (stock.ts, StockMove), as the cart and the next order check real stock.
  if (placed.availabilityChanged) ctx.catalogCache.invalidate();
  // Answered from the rows just written, not read back: a new order has no tax document yet.
  const order = orderDtoOf({ ...placed.rows, images, documents: undefined }, ctx.config.ORDER_PAYMENT_TIMEOUT_MIN);
  return { order, replayed: false };

  async function insertOrder(tx: DbOrTx, user: OrderRows['user']) {
    const [order] = await insertOrderQuery(tx).execute([
      {
        userId,
        status: 'pending',
        paymentMode: body.paymentMode,
        customerName: body.customer.name,
        customerEmail: body.customer.email,
        customerPhone: body.customer.phone,
        customerBusinessName: buyer.businessName,
        customerGstin: buyer.gstin,
        address: body.address,
        subtotalPaise: totals.subtotalPaise,
        shippingPaise: totals.shippingPaise,
        totalPaise: totals.totalPaise,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyBodyHash: bodyHash,
      },
    ]);
    const id = order!.id;
    const items = await insertItemsQuery(tx).execute(orderItemRows(id, lines));
    const stockMove = await reserveStock(tx, lines);
    const cod = body.paymentMode === 'cod';
    const [payment] = await insertPaymentQuery(tx).execute([
      {
        orderId: id,
        mode: body.paymentMode,
        status: 'pending',
        amountPaise: totals.totalPaise,
        gateway: cod ? 'cod' : ctx.payments.gateway.name,
      },
    ]);
    // A COD order is placed for good now; an online one leaves the cart only once paid.
    if (cod) await removeOrderedLines(tx, userId, lines);
    // The e-mails it causes, in this transaction (docs/shop-rules.md#emails): a COD order is told to the buyer and
    // the owner now (an online one once paid); a product it took down to its low-stock threshold, to the owner.
    const owner = ownerEmail(ctx.config);
    const mails: Envelope[] = stockMove.lowStock.map(({ productId, title, stock, threshold }) => ({
      to: owner,
      message: { kind: 'owner-low-stock', productId, title, size: null, stock, threshold },
    }));
    if (cod) {
      mails.push(
        { to: body.customer.email, message: { kind: 'order-placed', orderId: id } },
        { to: owner, message: { kind: 'owner-new-order', orderId: id } },
      );
    }
    await enqueueMails(tx, mails);
    const titleOf = new Map(lines.map((line) => [line.productId, line.title]));
    const rows = {
      order: order!,
      user,
      payment: payment!,
      // As loadOrders orders them: by title, then id.
      items: items
        .sort((a, b) => compareText(a.title, b.title) || compareText(a.id, b.id))
        .map((item) => ({ item, productTitle: (item.productId && titleOf.get(item.productId)) ?? null })),
    };
    return { orderId: id, availabilityChanged: stockMove.availabilityChanged, mailed: mails.length > 0, rows };
  }
}

export async function getOrder(ctx: AppContext, orderId: string): Promise<OrderDto> {
  const order = await loadOrder(ctx, orderId);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
}

/** Whoever may open the orders area (docs/shop-rules.md#staff), or the order's buyer. */
const mayRead = (caller: { sub: string; role: Role }, buyerId: string) =>
  mayOpen(caller.role, 'orders') || buyerId === caller.sub;

/** The orders area, or the buyer; anyone else gets 404 so that order ids cannot be probed. */
export async function getOrderFor(
  ctx: AppContext,
  caller: { sub: string; role: Role },
  orderId: string,
): Promise<OrderDto> {
  const order = await getOrder(ctx, orderId);
  if (!mayRead(caller, order.user._id)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
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
): Promise<{ fileName: string; pdf: Buffer }> {
  const [order] = await ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !mayRead(caller, order.userId)) {
    throw new NotFoundError(ORDER_MESSAGES.notFound);
  }
  return taxDocumentPdf(ctx.db, orderId, kind);
}

export const listMyOrders = (ctx: AppContext, userId: string) => loadOrders(ctx, eq(orders.userId, userId));
