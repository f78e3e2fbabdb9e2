/**
 * The sweeper in several server processes on one PostgreSQL database
 * (docs/decisions/0020-several-processes.md): every expired order is cancelled once and every due
 * refund attempted once at the gateway, however many processes sweep at the same moment; and a job
 * whose process died (mid-transaction, or mid-call to the gateway) is taken over by another.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { orders, outboxMessages, payments, REFUND_DUE } from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';
import { createTestApp, onPostgres, type TestApp } from '../../test/app';
import {
  backdateOrder,
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrderOk,
  productStock,
  variantStock,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';
import { REFUND_IN_PROGRESS } from './refund';
import { sweepExpiredOrders } from './sweeper';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000);

/** `promise`, or a failure naming `what` if it takes longer than `ms` (a sweep that waits for a lock). */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe.skipIf(!onPostgres)(
  'the sweeper in three server processes (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    // Each process's own timer stays out of the way: the tests run the sweeps themselves.
    const env = { ORDER_PAYMENT_TIMEOUT_MIN: '30', MAX_OPEN_UNPAID_ORDERS: '100', SWEEP_INTERVAL_SEC: '3600' };
    let servers: TestApp[];
    let a: TestApp;
    let buyer: Awaited<ReturnType<typeof createTestUser>>;

    beforeAll(async () => {
      a = await createTestApp(env);
      servers = [a, await createTestApp(env, { sameDatabaseAs: a }), await createTestApp(env, { sameDatabaseAs: a })];
      deliverWebhooksByInject(a.app);
      buyer = await createTestUser(a.app);
    });
    afterAll(async () => {
      // The first server owns the database: it goes last.
      for (const server of [...(servers ?? [])].reverse()) await server.close();
    });

    /** Cancellation e-mails per order, as the outbox holds them. */
    async function cancellationMails(orderIds: string[]) {
      const rows = await a.db
        .select({ orderId: outboxMessages.orderId, n: count() })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, 'order-cancelled'), inArray(outboxMessages.orderId, orderIds)))
        .groupBy(outboxMessages.orderId);
      return new Map(rows.map((row) => [row.orderId, row.n]));
    }

    it('cancels each of 20 expired orders exactly once when three processes sweep at the same moment', async () => {
      const { product: sized, variants } = await createTestProduct(a.db, {
        variants: [{ size: 'M', price: 300, stock: 20 }],
      });
      const { product: plain } = await createTestProduct(a.db, { price: 200, stock: 30 });
      const placed: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const body = orderBody([
          { product: sized, variant: variants[0], quantity: 1 },
          { product: plain, quantity: 1 },
        ]);
        placed.push((await placeOrderOk(a.app, buyer.token, body))._id);
      }
      for (const id of placed) await backdateOrder(a.db, id, 31);
      expect(await variantStock(a.db, variants[0]!.id)).toBe(0);
      expect(await productStock(a.db, plain.id)).toBe(10);

      const results = await Promise.all(servers.map((server) => sweepExpiredOrders(server.app.ctx, silent)));

      expect(results.reduce((sum, result) => sum + result.expired, 0)).toBe(20);
      for (const id of placed) {
        expect((await orderRowOf(a.db, id)).status).toBe('cancelled');
        expect(await paymentOf(a.db, id)).toMatchObject({ status: 'failed', failureReason: 'expired' });
      }
      // Every unit back once: a second return would show more than the products ever had.
      expect(await variantStock(a.db, variants[0]!.id)).toBe(20);
      expect(await productStock(a.db, sized.id)).toBe(20);
      expect(await productStock(a.db, plain.id)).toBe(30);
      const mails = await cancellationMails(placed);
      expect(placed.map((id) => mails.get(id))).toEqual(placed.map(() => 1));
    });

    /** Resolves once no backend has `pid` (it ended and released its locks). */
    async function waitUntilGone(pid: number): Promise<void> {
      for (;;) {
        const result = await a.db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`);
        if (rowsOf(result).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it("skips an order another sweeper holds, and takes it over once that sweeper's connection dies", async () => {
      const { product } = await createTestProduct(a.db, { stock: 2 });
      const held = await placeOrderOk(a.app, buyer.token, orderBody([{ product, quantity: 1 }]));
      const free = await placeOrderOk(a.app, buyer.token, orderBody([{ product, quantity: 1 }]));
      await backdateOrder(a.db, held._id, 31);
      await backdateOrder(a.db, free._id, 31);

      // A sweeper in a process about to die: its transaction has locked the order and will never commit.
      const dying = new pg.Client({ connectionString: a.database.url });
      dying.on('error', () => {}); // the termination below
      await dying.connect();
      try {
        const { rows } = await dying.query<{ pid: number }>('select pg_backend_pid() as pid');
        await dying.query('begin');
        await dying.query('select id from orders where id = $1 for update', [held._id]);

        // Another process's sweep neither waits for that lock nor touches the order.
        const second = await within(5_000, 'the sweep', sweepExpiredOrders(servers[1]!.app.ctx, silent));
        expect(second.expired).toBe(1);
        expect((await orderRowOf(a.db, free._id)).status).toBe('cancelled');
        expect((await orderRowOf(a.db, held._id)).status).toBe('pending');
        expect(await productStock(a.db, product.id)).toBe(1);

        // The process dies: its connection ends, its transaction rolls back, the lock is gone.
        // pg_terminate_backend only sends the signal: wait until the backend is gone and its lock with it.
        const pid = Number(rows[0]!.pid);
        await a.db.execute(sql`select pg_terminate_backend(${pid})`);
        await within(5_000, 'the backend to end', waitUntilGone(pid));
        const third = await within(5_000, 'the sweep', sweepExpiredOrders(servers[2]!.app.ctx, silent));
        expect(third.expired).toBe(1);
        expect((await orderRowOf(a.db, held._id)).status).toBe('cancelled');
        expect(await productStock(a.db, product.id)).toBe(2);
        const mails = await cancellationMails([held._id, free._id]);
        expect([mails.get(held._id), mails.get(free._id)]).toEqual([1, 1]);
      } finally {
        await dying.end().catch(() => {});
      }
    });

    /** A paid online order, cancelled, whose refund is in `state` (what a cancellation or a dead process leaves). */
    async function cancelledPaidOrder(state: { failureReason: string; refundAttempts: number; minutesAgo: number }) {
      const { product } = await createTestProduct(a.db, { price: 500, stock: 3 });
      const order = await placeOrderOk(a.app, buyer.token, orderBody([{ product }]));
      const { paymentId } = await payOnline(a.app, buyer.token, order._id);
      await a.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
      await a.db
        .update(payments)
        .set({
          failureReason: state.failureReason,
          refundAttempts: state.refundAttempts,
          updatedAt: minutesFromNow(-state.minutesAgo),
        })
        .where(eq(payments.orderId, order._id));
      return { orderId: order._id, paymentId };
    }

    it('attempts each due refund exactly once at the gateway when three processes sweep at the same moment', async () => {
      const due = [
        // Recorded as due and never taken up (the process that cancelled stopped first).
        ...(await Promise.all(
          [1, 2, 3].map(() => cancelledPaidOrder({ failureReason: REFUND_DUE, refundAttempts: 0, minutesAgo: 2 })),
        )),
        // Left in progress by a process that died mid-call, long enough ago to be retried.
        ...(await Promise.all(
          [1, 2, 3].map(() =>
            cancelledPaidOrder({ failureReason: REFUND_IN_PROGRESS, refundAttempts: 1, minutesAgo: 30 }),
          ),
        )),
      ];
      const refunds = servers.map((server) => vi.spyOn(server.app.ctx.payments.gateway, 'refund'));
      try {
        const results = await Promise.all(servers.map((server) => sweepExpiredOrders(server.app.ctx, silent)));
        expect(results.reduce((sum, result) => sum + result.refundsRetried, 0)).toBe(due.length);
        const calls = refunds.flatMap((spy) => spy.mock.calls.map(([input]) => input.paymentId));
        expect(calls.sort()).toEqual(due.map((d) => d.paymentId).sort());
        for (const { orderId } of due) {
          expect(await paymentOf(a.db, orderId)).toMatchObject({ status: 'refunded', failureReason: null });
        }
        const [processed] = await a.db
          .select({ n: count() })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.kind, 'refund-processed'),
              inArray(
                outboxMessages.orderId,
                due.map((d) => d.orderId),
              ),
            ),
          );
        expect(processed!.n).toBe(due.length);
      } finally {
        refunds.forEach((spy) => spy.mockRestore());
      }
    });

    it('takes over a refund whose process died in the middle of the gateway call, once its wait is over', async () => {
      const { orderId, paymentId } = await cancelledPaidOrder({
        failureReason: REFUND_DUE,
        refundAttempts: 0,
        minutesAgo: 2,
      });
      // Process A claims the refund and calls the gateway, which never answers it: A is as good as dead.
      let endCall: (err: Error) => void = () => {};
      const hanging = vi
        .spyOn(a.app.ctx.payments.gateway, 'refund')
        .mockImplementation(() => new Promise((_, reject) => (endCall = reject)));
      const findRefund = vi.spyOn(servers[1]!.app.ctx.payments.gateway, 'findRefund');
      const refund = vi.spyOn(servers[1]!.app.ctx.payments.gateway, 'refund');
      try {
        const deadSweep = sweepExpiredOrders(a.app.ctx, silent);
        await vi.waitFor(() => expect(hanging).toHaveBeenCalledTimes(1));
        expect(await paymentOf(a.db, orderId)).toMatchObject({ failureReason: REFUND_IN_PROGRESS, refundAttempts: 1 });

        // Process B, now: the claim is A's for the retry delay (5 minutes after the attempt began).
        expect((await sweepExpiredOrders(servers[1]!.app.ctx, silent)).refundsRetried).toBe(0);
        expect(refund).not.toHaveBeenCalled();

        // Six minutes later A has not come back: B asks the gateway first, then refunds once.
        const later = await sweepExpiredOrders(servers[1]!.app.ctx, silent, minutesFromNow(6));
        expect(later.refundsRetried).toBe(1);
        expect(findRefund).toHaveBeenCalledWith(expect.objectContaining({ paymentId }));
        expect(refund).toHaveBeenCalledTimes(1);
        const refunded = await paymentOf(a.db, orderId);
        expect(refunded).toMatchObject({ status: 'refunded', refundAttempts: 2, failureReason: null });

        // Should A's call ever end in an error, the refund B recorded stays.
        endCall(new Error('socket hang up'));
        await deadSweep;
        expect(await paymentOf(a.db, orderId)).toMatchObject({ status: 'refunded', refundId: refunded.refundId });
      } finally {
        hanging.mockRestore();
        findRefund.mockRestore();
        refund.mockRestore();
      }
    });
  },
);
