/**
 * Returns (docs/shop-rules.md#returns): the buyer asks to return some units of some lines of a delivered order,
 * within the store's return window, with a reason and up to MAX_RETURN_PHOTOS photos; and what both sides read of an
 * order's returns. The owner's steps (approve, refuse, receive, refund) are in steps.ts. A request locks the order
 * row, so two requests of one order are checked one after the other: the units asked back over the returns not
 * refused never exceed the units bought.
 */
import {
  DEFAULT_RETURN_WINDOW_DAYS,
  indiaDateOf,
  mayOpen,
  MAX_RETURN_PHOTOS,
  RETURN_MESSAGES,
  toRupees,
  type OrderReturns,
  type ReturnDto,
  type ReturnRequest,
  type Role,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { isColleague } from '../business';
import { debitNotesOf } from '../invoices';
import { enqueueMails, ownerEmail } from '../mail';
import { processImages, removeStoredImages, renditionKey, type ImageUpload } from '../products';
import { findStoreSettings } from '../settings';
import {
  findOrderForReturns,
  insertReturn,
  linesWithReturnedUnits,
  lockOrderForReturns,
  returnsOfOrder,
  type ReturnableLine,
} from './store';

const DAY_MS = 86_400_000;
const ORDER_NOT_FOUND = 'Order not found.';

/** The last day (in India) on which a return of an order delivered at `deliveredAt` may be asked for. */
export function returnLastDay(deliveredAt: Date, windowDays: number): string {
  const delivered = Date.parse(`${indiaDateOf(deliveredAt)}T00:00:00Z`);
  return new Date(delivered + windowDays * DAY_MS).toISOString().slice(0, 10);
}

async function windowDays(ctx: AppContext): Promise<number> {
  const settings = await findStoreSettings(ctx);
  return settings?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS;
}

/** Why a return cannot be asked for now, or null when it can. */
function windowRefusal(order: { status: string; deliveredAt: Date | null }, days: number, now: Date): string | null {
  if (days === 0) return RETURN_MESSAGES.returnsClosed;
  if (order.status !== 'delivered' || !order.deliveredAt) return RETURN_MESSAGES.notDelivered;
  const lastDay = returnLastDay(order.deliveredAt, days);
  return indiaDateOf(now) > lastDay ? RETURN_MESSAGES.windowClosed(lastDay) : null;
}

/** Refuses lines that are not the order's or ask for more units than are left to return. */
function checkLines(lines: ReturnableLine[], asked: ReturnRequest['lines']): void {
  for (const line of asked) {
    const ordered = lines.find((candidate) => candidate.id === line.orderItemId);
    if (!ordered) throw new BadRequestError(RETURN_MESSAGES.unknownLine);
    const left = ordered.quantity - ordered.returned;
    if (line.quantity > left) throw new ConflictError(RETURN_MESSAGES.tooManyUnits(ordered.title, left));
  }
}

/**
 * Who may read an order's returns: its buyer, a colleague in its business (docs/shop-rules.md#business-accounts) or
 * the orders area; anyone else gets 404.
 */
export async function readableOrder(ctx: Pick<AppContext, 'db'>, caller: { sub: string; role: Role }, orderId: string) {
  const order = await findOrderForReturns(ctx.db, orderId);
  const readable =
    order &&
    (order.userId === caller.sub ||
      mayOpen(caller.role, 'orders') ||
      (await isColleague(ctx.db, caller.sub, order.businessId)));
  if (!readable) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/**
 * The buyer's request. The photos are stored first (outside the transaction: the image pipeline is slow), after a
 * first check, and removed again when the transaction refuses the request.
 */
export async function requestReturn(
  ctx: AppContext,
  caller: { sub: string; role: Role },
  orderId: string,
  request: ReturnRequest,
  photos: readonly ImageUpload[],
  now = new Date(),
): Promise<OrderReturns> {
  const order = await findOrderForReturns(ctx.db, orderId);
  if (!order || order.userId !== caller.sub) throw new NotFoundError(ORDER_NOT_FOUND);
  if (photos.length > MAX_RETURN_PHOTOS) throw new BadRequestError(RETURN_MESSAGES.photosTooMany(MAX_RETURN_PHOTOS));
  const days = await windowDays(ctx);
  const refusal = windowRefusal(order, days, now);
  if (refusal) throw new ConflictError(refusal);
  checkLines(await linesWithReturnedUnits(ctx.db, orderId), request.lines);

  const stored = await processImages(ctx.storage, photos, { keyPrefix: 'returns' });
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockOrderForReturns(tx, orderId);
      if (!locked) throw new NotFoundError(ORDER_NOT_FOUND);
      const again = windowRefusal(locked, days, now);
      if (again) throw new ConflictError(again);
      const lines = await linesWithReturnedUnits(tx, orderId);
      checkLines(lines, request.lines);
      const photoRows = stored.map((image) => ({ publicId: image.publicId, renditions: image.renditions }));
      const row = await insertReturn(tx, { orderId, reason: request.reason, photos: photoRows, now }, request.lines);
      const mailLines = request.lines.map((line) => {
        const ordered = lines.find((candidate) => candidate.id === line.orderItemId)!;
        return { title: ordered.title, size: ordered.size, quantity: line.quantity };
      });
      const fields = { orderId, returnNumber: row.number, lines: mailLines, reason: request.reason };
      await enqueueMails(tx, [
        { to: locked.customerEmail, message: { kind: 'return-requested', ...fields } },
        { to: ownerEmail(ctx.config), message: { kind: 'owner-return-requested', ...fields } },
      ]);
    });
  } catch (error) {
    await removeStoredImages(
      ctx.storage,
      stored.map((image) => image.publicId),
    );
    throw error;
  }
  ctx.mail.wake();
  return orderReturnsFor(ctx, caller, orderId, now);
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const rupees = (paise: number | null) => (paise === null ? null : toRupees(paise));

/** The photo's rendition shown: 640 px wide, or the largest below. */
function photoUrl(ctx: Pick<AppContext, 'storage'>, photo: { publicId: string; renditions: number[] }): string {
  const widths = [...photo.renditions].sort((a, b) => a - b);
  const width = widths.filter((w) => w <= 640).at(-1) ?? widths[0]!;
  return ctx.storage.url(renditionKey(photo.publicId, width));
}

type ReturnWithLines = Awaited<ReturnType<typeof returnsOfOrder>>[number];

export function toReturnDto(ctx: Pick<AppContext, 'storage'>, row: ReturnWithLines): ReturnDto {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    reason: row.reason,
    photos: row.photos.map((photo) => ({ url: photoUrl(ctx, photo) })),
    lines: row.lines.map((line) => ({
      orderItemId: line.orderItemId,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      unitPrice: toRupees(line.unitPricePaise),
    })),
    refusalReason: row.refusalReason,
    restocked: row.restocked,
    refund: rupees(row.refundPaise),
    deliveryShare: rupees(row.deliverySharePaise),
    refundMode: row.refundMode,
    refundId: row.refundId,
    refundError: row.refundError,
    creditNote: row.creditNote && {
      _id: row.creditNote.id,
      number: row.creditNote.number,
      issuedAt: new Date(row.creditNote.issuedAt).toISOString(),
    },
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    receivedAt: iso(row.receivedAt),
    refundedAt: iso(row.refundedAt),
  };
}

/** An order's returns, what is left to return and until when, and its debit notes (its buyer or the orders area). */
export async function orderReturnsFor(
  ctx: AppContext,
  caller: { sub: string; role: Role },
  orderId: string,
  now = new Date(),
): Promise<OrderReturns> {
  const order = await readableOrder(ctx, caller, orderId);
  const [rows, lines, days, debitNotes] = await Promise.all([
    returnsOfOrder(ctx.db, orderId),
    linesWithReturnedUnits(ctx.db, orderId),
    windowDays(ctx),
    debitNotesOf(ctx.db, orderId),
  ]);
  const lastDay =
    days > 0 && order.status === 'delivered' && order.deliveredAt ? returnLastDay(order.deliveredAt, days) : null;
  return {
    returns: rows.map((row) => toReturnDto(ctx, row)),
    lastDay,
    open: windowRefusal(order, days, now) === null && lines.some((line) => line.quantity > line.returned),
    lines: lines.map((line) => ({
      orderItemId: line.id,
      title: line.title,
      size: line.size,
      bought: line.quantity,
      returnable: Math.max(0, line.quantity - line.returned),
      unitPrice: toRupees(line.unitPricePaise),
    })),
    debitNotes: debitNotes.map((note) => ({
      _id: note.id,
      number: note.number,
      issuedAt: note.issuedAt.toISOString(),
    })),
  };
}
