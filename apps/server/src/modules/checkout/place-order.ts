/**
 * Placing an order (docs/shop-rules.md#orders): priced by the server (orders' pricing), then written in ONE
 * transaction through each module's store: the order and its lines (orders), the stock reservation (orders' stock),
 * its payment row (payments), for a COD order its lines leaving the cart (cart), and the e-mails it causes (mail).
 * Any refusal rolls the whole transaction back, so there is never a half-written order. The transaction first locks
 * the buyer's user row, so that one buyer's placements run one at a time: the cap on open unpaid orders and the
 * Idempotency-Key look-up cannot be raced past. A business person's order (docs/shop-rules.md#business-accounts)
 * goes to one of the business's outlets and, from a buyer above the business's approval limit, waits for approval.
 */
import {
  advancePercentSchema,
  BANK_MESSAGES,
  FULL_ADVANCE_PERCENT,
  needsApproval,
  SERVER_MESSAGES,
  type CreateOrderBody,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError } from '../../lib/errors';
import { approverEmails, businessOutlet, type BusinessPlacement } from '../business';
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
import { insertPayment, offeredBankDetails, transferDueMail } from '../payments';
import { findStoreSettings } from '../settings';

export interface PlaceOrderOptions {
  idempotencyKey?: string;
  /**
   * The payment terms of a bank-transfer order (docs/shop-rules.md#bank-transfer): the percentage due in advance,
   * 1 to 100 (FULL_ADVANCE_PERCENT, the checkout's, when left out); an accepted quote passes its own. Other payment
   * modes are paid in full at once, so they keep 100.
   */
  advancePercent?: number;
}

/** A business's order is invoiced to the business (its legal name and GSTIN) unless the buyer typed others. */
function businessTaxDetails(
  typed: { businessName: string | null; gstin: string | null },
  business: BusinessPlacement | null,
): { businessName: string | null; gstin: string | null } {
  if (!business) return typed;
  return { businessName: typed.businessName ?? business.legalName, gstin: typed.gstin ?? business.gstin };
}

export async function placeOrder(
  ctx: AppContext,
  userId: string,
  body: CreateOrderBody,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const { idempotencyKey, advancePercent = FULL_ADVANCE_PERCENT } = options;
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
  const bank = body.paymentMode === 'bank' ? await offeredBankDetails(ctx) : null;
  if (body.paymentMode === 'bank' && !bank) throw new BadRequestError(BANK_MESSAGES.notOffered);
  if (!advancePercentSchema.safeParse(advancePercent).success) throw new BadRequestError(BANK_MESSAGES.advancePercent);
  // A business person's order goes to one of the business's outlets: its address replaces the one sent.
  const business = await businessOutlet(ctx.db, userId, body.outletId);
  const priced = business ? { ...body, address: business.address } : body;
  const buyer = businessTaxDetails(buyerTaxDetails(priced), business);
  const { lines, totals, images } = await priceOrder(ctx.db, ctx.storage, priced, business?.priceListId ?? null);
  // The cap keeps one consumer's unpaid order from taking a product out of sale; a business buys by the quantity
  // (uniforms for every attendant, a quantity break's 50+), and its orders are its people's and its approvers'.
  if (!business) refuseUnitsBeyondLimit(lines, await findStoreSettings(ctx));
  const cod = body.paymentMode === 'cod';
  // A COD or bank-transfer order is placed for good at once; an online one once paid.
  const placedNow = body.paymentMode !== 'online';
  const awaitsApproval =
    business !== null && needsApproval(business.role, totals.totalPaise, business.approvalLimitPaise);

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
        address: priced.address,
        businessId: business?.businessId ?? null,
        outletId: business?.outletId ?? null,
        approvalStatus: awaitsApproval ? 'pending' : null,
        subtotalPaise: totals.subtotalPaise,
        shippingPaise: totals.shippingPaise,
        totalPaise: totals.totalPaise,
        advancePercent: bank ? advancePercent : FULL_ADVANCE_PERCENT,
        idempotencyKey: idempotencyKey ?? null,
        idempotencyBodyHash: bodyHash,
      });
      const items = await insertOrderItems(tx, orderItemRows(order.id, lines));
      const stockMove = await reserveStock(tx, lines);
      const payment = await insertPayment(tx, {
        orderId: order.id,
        mode: body.paymentMode,
        amountPaise: totals.totalPaise,
        gateway: cod ? 'cod' : bank ? 'bank' : ctx.payments.gateway.name,
      });
      // A COD or bank-transfer order is placed for good now; an online one leaves the cart only once paid
      // (settle-payment.ts), so a failed payment keeps the cart. An order waiting for its business's approval is
      // the buyer's finished part whatever its mode (no payment can fail before the approval), so its lines leave
      // now: the cart does not offer them to be ordered twice (docs/shop-rules.md#cart).
      if (placedNow || awaitsApproval) await removeOrderedLines(tx, userId, lines);
      // The e-mails it causes (docs/shop-rules.md#emails): a COD order is told to the buyer and the owner now (an
      // online one once paid); a product it took down to its low-stock threshold, to the owner.
      const owner = ownerEmail(ctx.config);
      const mails: Envelope[] = stockMove.lowStock.map(({ productId, title, stock, threshold }) => ({
        to: owner,
        message: { kind: 'owner-low-stock', productId, title, size: null, stock, threshold },
      }));
      // An order waiting for approval is told to its approvers instead; a COD one is told as placed when approved.
      if (awaitsApproval) {
        for (const to of await approverEmails(tx, business.businessId)) {
          mails.push({
            to,
            message: {
              kind: 'approval-needed',
              orderId: order.id,
              businessName: business.legalName,
              buyerName: body.customer.name,
            },
          });
        }
      } else if (cod) {
        mails.push(
          { to: body.customer.email, message: { kind: 'order-placed', orderId: order.id } },
          { to: owner, message: { kind: 'owner-new-order', orderId: order.id } },
        );
      }
      // A bank-transfer order: the buyer is sent the bank details and the amount due (the owner hears of each
      // transfer recorded, and of the order once its advance is in).
      mails.push(...transferDueMail(order, bank));
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
