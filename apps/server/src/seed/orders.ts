/**
 * Demo order history: six months of orders by the demo customer, so that a fresh shop's back office
 * (dashboard, analytics, orders, payments) and the customer's My Orders show something real. Seeded
 * once, with the demo catalog. Deterministic (a fixed pseudo-random sequence), priced with the same
 * shared rules as live orders, with payments signed like the sandbox gateway signs them. These are
 * past sales: they do not move today's stock, and none is an unpaid online order (the expiry sweeper
 * would otherwise "return" stock that was never reserved). Its paid orders have their tax invoices, and its
 * paid orders cancelled later their credit notes, issued through the same functions as live ones, at the time of
 * payment and of cancellation (docs/shop-rules.md#invoices). Its shipped and delivered orders carry a courier
 * and tracking number, and the delivered ones their delivery time (docs/shop-rules.md#order-status).
 */
import { randomBytes } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { orderTotals, type OrderStatus, type PaymentMode, type PaymentStatus } from '@pumpkart/shared';
import type { AppContext, Log } from '../context';
import { certificatesOf, issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from '../modules/invoices';
import { orderItemRows } from '../modules/orders';
import { PRIMARY_WIDTH, renditionKey } from '../modules/products';
import { paymentSignature } from '../gateways/signature';
import { orderItems, orders, payments, productImages, products, productVariants, users } from '../db/schema';
import { DEMO_CUSTOMER } from './demo-customer';

const MONTHS = 6;
const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a small deterministic generator, so every fresh shop gets the same history. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

interface Sellable {
  productId: string;
  variantId: string | null;
  title: string;
  size: string | null;
  unitPricePaise: number;
  imageUrl: string | null;
  hsnCode: string | null;
  gstRate: number;
  certificates: string[];
}

async function sellableLines(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<Sellable[]> {
  // In the catalog's own order (and variants in theirs), not the table's physical order, which a
  // schema change may shuffle: the same catalog then always gives the same history.
  const rows = await ctx.db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.createdAt), asc(products.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const variants = await ctx.db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const images = await ctx.db.select().from(productImages).where(inArray(productImages.productId, ids));
  const firstImage = new Map<string, string>();
  for (const image of [...images].sort((a, b) => a.position - b.position)) {
    if (!firstImage.has(image.productId)) {
      const width = image.renditions.filter((w) => w <= PRIMARY_WIDTH).pop() ?? image.renditions[0];
      if (width) firstImage.set(image.productId, ctx.storage.url(renditionKey(image.publicId, width)));
    }
  }
  // Everyday items sell far more often than a ₹5 lakh dispenser: keep the history plausible.
  return rows
    .filter((row) => row.pricePaise <= 60_000_00)
    .flatMap((row): Sellable[] => {
      const own = variants.filter((variant) => variant.productId === row.id);
      const base = {
        productId: row.id,
        title: row.title,
        imageUrl: firstImage.get(row.id) ?? null,
        hsnCode: row.hsnCode,
        gstRate: row.gstRate,
        certificates: certificatesOf(row),
      };
      return own.length
        ? own.map((variant) => ({
            ...base,
            variantId: variant.id,
            size: variant.size,
            unitPricePaise: variant.pricePaise,
          }))
        : [{ ...base, variantId: null, size: null, unitPricePaise: row.pricePaise }];
    });
}

function statusFor(ageDays: number, random: () => number): OrderStatus {
  if (ageDays > 20) return random() < 0.12 ? 'cancelled' : 'delivered';
  if (ageDays > 7) return random() < 0.5 ? 'delivered' : 'shipped';
  return random() < 0.5 ? 'shipped' : 'processing';
}

/**
 * An order moves past pending only once its payment succeeded (docs/shop-rules.md#order-status): a
 * COD order of the last week that has not moved on is still pending, with its cash not yet
 * collected (what the admin's Mark as Paid is for); an older one was paid before it was shipped.
 */
function codStatusFor(status: OrderStatus, ageDays: number): OrderStatus {
  return ageDays <= 7 && (status === 'processing' || status === 'shipped') ? 'pending' : status;
}

/**
 * Couriers of the demo's shipments (docs/shop-rules.md#order-status): their tracking numbers in each one's
 * usual shape, with a tracking link where the courier offers one by number (DTDC's demo shipments have none).
 */
const DEMO_COURIERS = [
  {
    courier: 'Delhivery',
    number: (int: (min: number, max: number) => number) => `${int(1000000, 9999999)}${int(1000000, 9999999)}`,
    url: (number: string) => `https://www.delhivery.com/track/package/${number}`,
  },
  {
    courier: 'Blue Dart',
    number: (int: (min: number, max: number) => number) => `${int(10000, 99999)}${int(100000, 999999)}`,
    url: (number: string) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${number}`,
  },
  {
    courier: 'DTDC',
    number: (int: (min: number, max: number) => number) => `D${int(10000000, 99999999)}`,
    url: () => null,
  },
] as const;

/**
 * The shipment and delivery columns of a demo order that was shipped or delivered: shipped a day after it
 * was placed, delivered when it was last updated. Drawn from their own sequence, so the rest of the history
 * stays what it was before the demo had shipments.
 */
function shipmentColumns(
  status: OrderStatus,
  createdAt: Date,
  updatedAt: Date,
  now: Date,
  shipping: ReturnType<typeof generator>,
) {
  if (status !== 'shipped' && status !== 'delivered') return {};
  const { courier, number, url } = shipping.pick(DEMO_COURIERS);
  const trackingNumber = number(shipping.int);
  const shippedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + DAY));
  return {
    courier,
    trackingNumber,
    trackingUrl: url(trackingNumber),
    shippedAt,
    deliveredAt: status === 'delivered' ? new Date(Math.max(shippedAt.getTime(), updatedAt.getTime())) : null,
  };
}

function paymentStatusFor(mode: PaymentMode, status: OrderStatus): PaymentStatus {
  if (status === 'cancelled') return mode === 'online' ? 'refunded' : 'failed';
  return status === 'pending' ? 'pending' : 'success';
}

/**
 * The demo's invoices must all be issued: the demo store settings and the demo catalog's tax data are there, so a
 * document that cannot be issued is a mistake in the demo data, and seeding fails rather than hiding it.
 */
function strictLog(): Log {
  const fail = (context: unknown, message?: string) => {
    throw new Error(`demo history: ${message ?? ''} ${JSON.stringify(context)}`);
  };
  return { error: fail, warn: fail, info: () => {} } as unknown as Log;
}

/** Seeds the history when the shop has no orders yet; answers how many orders it wrote. */
export async function seedDemoOrders(
  ctx: Pick<AppContext, 'db' | 'storage' | 'secrets'>,
  now = new Date(),
): Promise<number> {
  const [existing] = await ctx.db.select({ id: orders.id }).from(orders).limit(1);
  if (existing) return 0;
  const [customer] = await ctx.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  const lines = await sellableLines(ctx);
  if (!customer || lines.length === 0) return 0;

  const random = generator(20_261_122);
  const shipping = generator(20_261_123);
  const address = customer.addresses[0] ?? { ...DEMO_CUSTOMER.address };
  const placed: { createdAt: Date }[] = [];
  for (let monthsAgo = MONTHS - 1; monthsAgo >= 0; monthsAgo -= 1) {
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1, 4, 30);
    const lastDay = monthsAgo === 0 ? Math.max(1, now.getUTCDate() - 1) : 28;
    const count = random.int(3, 6);
    for (let i = 0; i < count; i += 1) {
      placed.push({
        createdAt: new Date(monthStart + (random.int(1, lastDay) - 1) * DAY + random.int(0, 600) * 60_000),
      });
    }
  }
  placed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // The newest order at least a day old is shipped and paid online, whatever the draws give on today's date, so the
  // demo always shows a shipment on its way (My orders' tracking link).
  const onItsWay = placed.findLastIndex(({ createdAt }) => now.getTime() - createdAt.getTime() >= DAY);

  await ctx.db.transaction(async (tx) => {
    const issues: { orderId: string; kind: 'invoice' | 'credit-note'; at: Date }[] = [];
    for (const [index, { createdAt }] of placed.entries()) {
      const chosen = new Map<string, Sellable>();
      const lineCount = random.int(1, 3);
      while (chosen.size < lineCount) {
        const line = random.pick(lines);
        chosen.set(line.productId, line);
      }
      const items = [...chosen.values()].map((line) => ({
        line,
        quantity: line.unitPricePaise > 20_000_00 ? 1 : random.int(1, 3),
      }));
      const totals = orderTotals(
        items.map(({ line, quantity }) => ({ unitPricePaise: line.unitPricePaise, quantity })),
      );
      const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
      // Drawn for every order, so the sequence (and every other order) stays the same.
      const statusDrawn = statusFor(ageDays, random.next);
      const modeDrawn: PaymentMode = random.next() < 0.7 ? 'online' : 'cod';
      const drawn: OrderStatus = index === onItsWay ? 'shipped' : statusDrawn;
      const mode: PaymentMode = index === onItsWay ? 'online' : modeDrawn;
      const status = mode === 'cod' ? codStatusFor(drawn, ageDays) : drawn;
      const paymentStatus = paymentStatusFor(mode, status);
      const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + 3 * DAY));
      const online = mode === 'online';
      const paidAt =
        paymentStatus === 'success' || paymentStatus === 'refunded'
          ? online
            ? new Date(createdAt.getTime() + 2 * 60_000)
            : updatedAt
          : null;
      // A paid order cancelled later is written as it was when paid, and cancelled below in its turn, so that
      // its invoice is issued first and its credit note at the cancellation.
      const cancelledLater = status === 'cancelled' && paidAt !== null;

      const [order] = await tx
        .insert(orders)
        .values({
          userId: customer.id,
          status: cancelledLater ? 'processing' : status,
          paymentMode: mode,
          customerName: customer.name,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          address,
          ...totals,
          cancelledAt: status === 'cancelled' && !cancelledLater ? updatedAt : null,
          ...shipmentColumns(status, createdAt, updatedAt, now, shipping),
          createdAt,
          updatedAt,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        orderItemRows(
          order!.id,
          items.map(({ line, quantity }) => ({ ...line, quantity })),
        ),
      );
      const gatewayOrderId = online ? `order_demo${randomBytes(5).toString('hex')}` : null;
      const gatewayPaymentId = online ? `pay_demo${randomBytes(5).toString('hex')}` : null;
      await tx.insert(payments).values({
        orderId: order!.id,
        mode,
        status: paymentStatus,
        amountPaise: totals.totalPaise,
        gateway: online ? 'sandbox' : 'cod',
        gatewayOrderId,
        gatewayPaymentId,
        signature: online ? paymentSignature(ctx.secrets.sandboxKeySecret, gatewayOrderId!, gatewayPaymentId!) : null,
        refundId: paymentStatus === 'refunded' ? `rfnd_demo${randomBytes(5).toString('hex')}` : null,
        paidAt,
        createdAt,
        updatedAt,
      });
      // Paid, so invoiced when the payment came in; a paid order cancelled later got a credit note then.
      if (paidAt) {
        issues.push({ orderId: order!.id, kind: 'invoice', at: paidAt });
        if (cancelledLater) issues.push({ orderId: order!.id, kind: 'credit-note', at: updatedAt });
      }
    }
    // In the order they happened, so each series is numbered by date, as live issuing numbers it.
    issues.sort((a, b) => a.at.getTime() - b.at.getTime());
    const log = strictLog();
    for (const { orderId, kind, at } of issues) {
      if (kind === 'invoice') await issueInvoiceIfAbsent(tx, orderId, { log, now: at });
      else {
        await tx.update(orders).set({ status: 'cancelled', cancelledAt: at }).where(eq(orders.id, orderId));
        await issueCreditNoteIfInvoiced(tx, orderId, { log, now: at });
      }
    }
  });
  return placed.length;
}
