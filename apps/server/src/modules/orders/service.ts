/**
 * Placing and reading orders (spec section 7, DESIGN section 3). An order is priced by the server
 * (pricing.ts), then written in ONE transaction: the order, its lines (copies of title, size, unit
 * price and image), the stock reservation (stock.ts) and its payment row. Any refusal rolls the
 * whole transaction back, so there is never a half-written order.
 */
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES, type CreateOrderBody, type OrderDto } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { orderItems, orders, payments } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { removeOrderedLines } from '../cart/service';
import { loadOrder, loadOrders } from './dto';
import { ORDER_MESSAGES } from './lifecycle';
import { priceOrder } from './pricing';
import { reserveStock } from './stock';

export const ORDER_PLACED_MESSAGE = 'Order placed successfully';

export async function createOrder(ctx: AppContext, userId: string, body: CreateOrderBody): Promise<OrderDto> {
  // DESIGN 3.7: cash on delivery only when the operator turned it on.
  if (body.paymentMode === 'cod' && !ctx.config.COD_ENABLED) throw new BadRequestError(SERVER_MESSAGES.codDisabled);
  const { lines, totals } = await priceOrder(ctx.db, ctx.storage, body);

  const { orderId, availabilityChanged } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        status: 'pending',
        paymentMode: body.paymentMode,
        customerName: body.customer.name,
        customerEmail: body.customer.email,
        customerPhone: body.customer.phone,
        address: body.address,
        subtotalPaise: totals.subtotalPaise,
        shippingPaise: totals.shippingPaise,
        totalPaise: totals.totalPaise,
      })
      .returning({ id: orders.id });
    const id = order!.id;
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: id,
        productId: line.productId,
        variantId: line.variantId,
        title: line.title,
        size: line.size,
        imageUrl: line.imageUrl,
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        subtotalPaise: line.unitPricePaise * line.quantity,
      })),
    );
    const stockMove = await reserveStock(tx, lines);
    const cod = body.paymentMode === 'cod';
    await tx.insert(payments).values({
      orderId: id,
      mode: body.paymentMode,
      status: 'pending',
      amountPaise: totals.totalPaise,
      gateway: cod ? 'cod' : ctx.payments.gateway.name,
    });
    // A COD order is placed for good now; an online one leaves the cart only once paid (DESIGN 3.5).
    if (cod) await removeOrderedLines(tx, userId, lines);
    return { orderId: id, availabilityChanged: stockMove.availabilityChanged };
  });
  // Only a line that sold out changes what the catalog offers; lower stock figures may show up to
  // the cache's TTL stale (stock.ts, StockMove), as the cart and the next order check real stock.
  if (availabilityChanged) ctx.catalogCache.invalidate();
  return getOrder(ctx, orderId);
}

export async function getOrder(ctx: AppContext, orderId: string): Promise<OrderDto> {
  const order = await loadOrder(ctx.db, ctx.storage, orderId);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
}

/** Admin, or the owner; anyone else gets 404 so that order ids cannot be probed. */
export async function getOrderFor(
  ctx: AppContext,
  caller: { sub: string; role: string },
  orderId: string,
): Promise<OrderDto> {
  const order = await getOrder(ctx, orderId);
  if (caller.role !== 'admin' && order.user._id !== caller.sub) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return order;
}

export const listMyOrders = (ctx: AppContext, userId: string) =>
  loadOrders(ctx.db, ctx.storage, eq(orders.userId, userId));

export const listAllOrders = (ctx: AppContext) => loadOrders(ctx.db, ctx.storage);
