/**
 * Placing an order (docs/shop-rules.md#orders): priced by the server (orders' pricing), then written in ONE
 * transaction through each module's store: the order and its lines (orders), the stock reservation (orders' stock),
 * its payment row (payments), for a COD order its lines leaving the cart (cart), and the e-mails it causes (mail).
 * Any refusal rolls the whole transaction back, so there is never a half-written order. The transaction first locks
 * the buyer's user row, so that one buyer's placements run one at a time: the cap on open unpaid orders and the
 * Idempotency-Key look-up cannot be raced past.
 */
import { SERVER_MESSAGES, type CreateOrderBody } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError } from '../../lib/errors';
import { removeOrderedLines } from '../cart';
import { enqueueMails, ownerEmail, type Envelope } from '../mail';
import {
  buyerTaxDetails,
  countOpenUnpaidOrders,
  findOrderByKey,
  getOrder,
  insertOrder,
  insertOrderItems,
  lockBuyer,
  orderBodyHash,
  orderDtoOf,
  orderItemRows,
  placedItems,
  priceOrder,
  refuseTooManyUnpaid,
  refuseUnitsBeyondLimit,
  replayableOrder,
  reserveStock,
  type PlacedOrder,
} from '../orders';
import { insertPayment } from '../payments';
import { findStoreSettings } from '../settings';

export async function placeOrder(
  ctx: AppContext,
  userId: string,
  body: CreateOrderBody,
  options: { idempotencyKey?: string } = {},
): Promise<PlacedOrder> {
  const { idempotencyKey } = options;
  const bodyHash = idempotencyKey ? orderBodyHash(body) : null;
  const replay = async (orderId: string): Promise<PlacedOrder> => ({
    order: await getOrder(ctx, orderId),
    replayed: true,
  });
  /** The order this request's key placed, if any (its retry), or 422 when the key placed another. */
  const keyed = async (db: AppContext['db']) => {
    const existing = idempotencyKey ? await findOrderByKey(db, userId, idempotencyKey) : undefined;
    return existing && replayableOrder(existing, idempotencyKey!, bodyHash);
  };
  const earlier = await keyed(ctx.db);
  if (earlier) return replay(earlier);
  // Cash on delivery only when the operator turned it on (docs/shop-rules.md#cod).
  if (body.paymentMode === 'cod' && !ctx.config.COD_ENABLED) throw new BadRequestError(SERVER_MESSAGES.codDisabled);
  const buyer = buyerTaxDetails(body);
  const { lines, totals, images } = await priceOrder(ctx.db, ctx.storage, body);
  refuseUnitsBeyondLimit(lines, await findStoreSettings(ctx));
  const cod = body.paymentMode === 'cod';

  let placed;
  try {
    placed = await ctx.db.transaction(async (tx) => {
      const user = await lockBuyer(tx, userId);
      if (!user) throw new Error(`The buyer ${userId} no longer exists.`);
      const replayed = await keyed(tx);
      if (replayed) return { orderId: replayed, replayed: true as const };
      // Unpaid orders of both modes count: a COD order holds its stock, without expiring, until the owner confirms it.
      refuseTooManyUnpaid(await countOpenUnpaidOrders(tx, userId), ctx.config.MAX_OPEN_UNPAID_ORDERS);

      const order = await insertOrder(tx, {
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
      });
      const items = await insertOrderItems(tx, orderItemRows(order.id, lines));
      const stockMove = await reserveStock(tx, lines);
      const payment = await insertPayment(tx, {
        orderId: order.id,
        mode: body.paymentMode,
        amountPaise: totals.totalPaise,
        gateway: cod ? 'cod' : ctx.payments.gateway.name,
      });
      // A COD order is placed for good now; an online one leaves the cart only once paid (settle-payment.ts).
      if (cod) await removeOrderedLines(tx, userId, lines);
      // The e-mails it causes (docs/shop-rules.md#emails): a COD order is told to the buyer and the owner now (an
      // online one once paid); a product it took down to its low-stock threshold, to the owner.
      const owner = ownerEmail(ctx.config);
      const mails: Envelope[] = stockMove.lowStock.map(({ productId, title, stock, threshold }) => ({
        to: owner,
        message: { kind: 'owner-low-stock', productId, title, size: null, stock, threshold },
      }));
      if (cod) {
        mails.push(
          { to: body.customer.email, message: { kind: 'order-placed', orderId: order.id } },
          { to: owner, message: { kind: 'owner-new-order', orderId: order.id } },
        );
      }
      await enqueueMails(tx, mails);
      return {
        orderId: order.id,
        replayed: false as const,
        availabilityChanged: stockMove.availabilityChanged,
        mailed: mails.length > 0,
        rows: { order, user, payment, items: placedItems(items, lines) },
      };
    });
  } catch (error) {
    // A concurrent request with the same key committed first (the lock makes this rare).
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await keyed(ctx.db);
      if (existing) return replay(existing);
    }
    throw error;
  }
  if (placed.replayed) return replay(placed.orderId);
  if (placed.mailed) ctx.mail.wake();
  // Only a line that sold out changes what the catalog offers; lower stock figures may show up to the cache's TTL
  // stale (orders/store/stock.ts, StockMove), as the cart and the next order check real stock.
  if (placed.availabilityChanged) ctx.catalogCache.invalidate();
  // Answered from the rows just written, not read back: a new order has no tax document yet.
  const order = orderDtoOf({ ...placed.rows, images, documents: undefined }, ctx.config.ORDER_PAYMENT_TIMEOUT_MIN);
  return { order, replayed: false };
}
