/**
 * Checkout: the writes that span modules, each one transaction that calls the stores of the modules it touches, in
 * one place (as Medusa's workflows do, without a framework). Placing an order (place-order.ts: orders, stock,
 * payments, cart, mail) and settling a captured payment (settle-payment.ts: payments, orders, cart, mail, invoices).
 * The routes that start them (orders' POST /api/orders; payments' verify, webhook and sandbox) reach them through
 * ctx.checkout, which app.ts wires to checkoutWorkflows, so that neither module imports this one.
 */
import type { CreateOrderBody } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { PlacedOrder } from '../orders';
import type { SettleOutcome } from '../payments';
import { placeOrder, type PlaceOrderOptions } from './place-order';
import { settleCapturedPayment, type SettleTarget } from './settle-payment';

export type { SettleTarget } from './settle-payment';
export type { PlaceOrderOptions } from './place-order';

/** The workflows as the routes call them (ctx.checkout). */
export interface CheckoutWorkflows {
  placeOrder(userId: string, body: CreateOrderBody, options?: PlaceOrderOptions): Promise<PlacedOrder>;
  settleCapturedPayment(
    input: SettleTarget & { paymentId: string; signature: string | null },
    log: Log,
    now?: Date,
  ): Promise<SettleOutcome | undefined>;
}

/** The workflows bound to the application's context. */
export const checkoutWorkflows = (ctx: AppContext): CheckoutWorkflows => ({
  placeOrder: (...args) => placeOrder(ctx, ...args),
  settleCapturedPayment: (...args) => settleCapturedPayment(ctx, ...args),
});

/** Accepting a quote writes its order inside the quote's own transaction (modules/quotes). */
export { writeFixedPriceOrder, type FixedPriceLine, type FixedPriceOrder } from './fixed-price-order';
