/**
 * Requests for quote (docs/shop-rules.md#quotes): a buyer asks for prices of some lines, to an outlet or an address;
 * the owner answers with a version (a price per line, the delivery charge, a validity date, the payment terms); a
 * new version supersedes the last; both sides write in a thread. Who sees a quote: its requester, everyone in the
 * requester's business, and the orders area of the back office; anyone else gets 404. Accepting is accept.ts.
 */
import {
  BUSINESS_MESSAGES,
  indiaDateOf,
  mayBuy,
  mayOpen,
  orderNumber,
  toPaise,
  toRupees,
  variantChoiceOf,
  type QuoteAnswerBody,
  type QuoteDetail,
  type QuoteDisplayStatus,
  type QuoteListQuery,
  type QuoteRequestBody,
  type Role,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { certificatesOf } from '../invoices';
import { membershipOf } from '../business';
import { enqueueMails, ownerEmail } from '../mail';
import {
  businessName,
  findOutlet,
  findQuote,
  insertMessage,
  insertQuote,
  insertVersion,
  linesOfQuote,
  lockQuote,
  messagesOfQuote,
  outletName,
  productsForQuote,
  quotePage,
  updateQuote,
  versionsOfQuote,
  type QuotedLine,
  type QuoteRow,
  type QuoteVersionRow,
} from './store';

export const QUOTE_NOT_FOUND = 'Quote not found.';
export type Caller = { sub: string; role: Role };

/** The status a quote shows: its stored one, or "revised" / "expired" read from its current version. */
export function displayStatus(
  row: QuoteRow,
  current: Pick<QuoteVersionRow, 'version' | 'validUntil'> | undefined,
  today: string,
): QuoteDisplayStatus {
  if (row.status !== 'quoted' || !current) return row.status;
  if (current.validUntil < today) return 'expired';
  return current.version > 1 ? 'revised' : 'quoted';
}

const versionTotalPaise = (version: Pick<QuoteVersionRow, 'lines' | 'shippingPaise'>) =>
  version.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, version.shippingPaise);

/** The quote when the caller may read it: its requester, its business's people, or the orders area. */
export async function readableQuote(ctx: AppContext, caller: Caller, quoteId: string): Promise<QuoteRow> {
  const row = await findQuote(ctx.db, quoteId);
  if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
  if (row.userId === caller.sub || mayOpen(caller.role, 'orders')) return row;
  const membership = row.businessId ? await membershipOf(ctx.db, caller.sub) : null;
  if (membership && membership.businessId === row.businessId) return row;
  throw new NotFoundError(QUOTE_NOT_FOUND);
}

export async function requestQuote(ctx: AppContext, caller: Caller, body: QuoteRequestBody): Promise<QuoteDetail> {
  const membership = await membershipOf(ctx.db, caller.sub);
  if (membership && !mayBuy(membership.role)) throw new ForbiddenError(BUSINESS_MESSAGES.viewerCannotAskQuote);
  let address = body.address;
  let outletId: string | null = null;
  if (body.outletId) {
    const outlet = membership ? await findOutlet(ctx.db, membership.businessId, body.outletId) : undefined;
    if (!outlet) throw new BadRequestError('Choose one of your business’s outlets.');
    address = outlet.address;
    outletId = outlet.id;
  }
  const found = await productsForQuote(ctx.db, [...new Set(body.lines.map((line) => line.product))]);
  const lines = body.lines.map((line, position) => {
    const product = found.find((candidate) => candidate.id === line.product);
    if (!product || !product.active) throw new ConflictError('A product of this request is no longer sold.');
    const choice = variantChoiceOf(product.variants, line.variantId, (variant) => variant.id);
    if (choice.problem) throw new BadRequestError(`Choose a size of ${product.title}.`);
    return {
      position,
      productId: product.id,
      variantId: choice.variant?.id ?? null,
      title: product.title,
      size: choice.variant?.size ?? null,
      quantity: line.quantity,
    };
  });
  const quoteId = await ctx.db.transaction(async (tx) => {
    const row = await insertQuote(
      tx,
      {
        userId: caller.sub,
        businessId: membership?.businessId ?? null,
        outletId,
        customerName: body.customer.name,
        customerEmail: body.customer.email,
        customerPhone: body.customer.phone,
        customerBusinessName: body.customer.businessName ?? null,
        customerGstin: body.customer.gstin ?? null,
        address: address!,
        notes: body.notes,
      },
      lines,
    );
    await enqueueMails(tx, [
      {
        to: ownerEmail(ctx.config),
        message: { kind: 'owner-quote-requested', quoteId: row.id, customerName: row.customerName },
      },
    ]);
    return row.id;
  });
  ctx.mail.wake();
  return quoteDetail(ctx, caller, quoteId);
}

/** The owner's answer: a new version priced line by line; a later one supersedes it. */
export async function answerQuote(ctx: AppContext, actor: { id: string }, quoteId: string, body: QuoteAnswerBody) {
  const lines = await linesOfQuote(ctx.db, quoteId);
  if (body.lines.length !== lines.length || lines.some((line) => !body.lines.some((p) => p.lineId === line.id))) {
    throw new BadRequestError('Give a price for every line of the request.');
  }
  const found = await productsForQuote(
    ctx.db,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const priced: QuotedLine[] = lines.map((line) => {
    const product = found.find((candidate) => candidate.id === line.productId);
    if (!product) throw new ConflictError(`${line.title} is no longer in the catalog; it cannot be quoted.`);
    return {
      lineId: line.id,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      unitPricePaise: toPaise(body.lines.find((p) => p.lineId === line.id)!.unitPrice),
      hsnCode: product.hsnCode,
      gstRate: product.gstRate,
      certificates: certificatesOf(product),
    };
  });
  if (body.validUntil < indiaDateOf(new Date())) throw new BadRequestError('The validity date is already past.');
  const version = await ctx.db.transaction(async (tx) => {
    const row = await lockQuote(tx, quoteId);
    if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
    if (row.status !== 'requested' && row.status !== 'quoted') {
      throw new ConflictError(`This quote is ${row.status}; it can no longer be answered.`);
    }
    const written = await insertVersion(tx, {
      quoteId,
      lines: priced,
      shippingPaise: toPaise(body.shipping),
      validUntil: body.validUntil,
      advancePercent: body.advancePercent,
      termsNote: body.termsNote,
      notes: body.notes,
      createdBy: actor.id,
    });
    await updateQuote(tx, quoteId, { status: 'quoted' });
    const total = versionTotalPaise(written);
    await recordAudit(tx, actor, {
      kind: written.version > 1 ? 'quote.revised' : 'quote.answered',
      entityType: 'quote',
      entityId: quoteId,
      summary: `Quote #${orderNumber(quoteId)} version ${written.version}: ₹${toRupees(total)}, valid until ${written.validUntil}`,
    });
    await enqueueMails(tx, [
      {
        to: row.customerEmail,
        message: {
          kind: 'quote-answered',
          quoteId,
          customerName: row.customerName,
          version: written.version,
          totalPaise: total,
          validUntil: written.validUntil,
        },
      },
    ]);
    return written.version;
  });
  ctx.mail.wake();
  return version;
}

/** A message of the thread, from the buyer's side or the shop's (the orders area). */
export async function postMessage(ctx: AppContext, caller: Caller, quoteId: string, body: string, fromShop: boolean) {
  const row = fromShop ? await findQuote(ctx.db, quoteId) : await readableQuote(ctx, caller, quoteId);
  if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const author = await tx.query.users.findFirst({ where: (users, { eq }) => eq(users.id, caller.sub) });
    await insertMessage(tx, {
      quoteId,
      authorId: caller.sub,
      authorName: fromShop ? 'The shop' : (author?.name ?? row.customerName),
      fromShop,
      body,
    });
  });
}

/** The buyer withdraws the request, or the owner declines it; an accepted quote stays accepted. */
export async function closeQuote(
  ctx: AppContext,
  caller: Caller,
  quoteId: string,
  to: 'cancelled' | 'declined',
): Promise<void> {
  if (to === 'cancelled') await readableQuote(ctx, caller, quoteId);
  await ctx.db.transaction(async (tx) => {
    const row = await lockQuote(tx, quoteId);
    if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
    if (row.status !== 'requested' && row.status !== 'quoted') {
      throw new ConflictError(`This quote is ${row.status}; it cannot be ${to}.`);
    }
    await updateQuote(tx, quoteId, { status: to });
    if (to === 'declined') {
      await recordAudit(
        tx,
        { id: caller.sub },
        {
          kind: 'quote.declined',
          entityType: 'quote',
          entityId: quoteId,
          summary: `Quote #${orderNumber(quoteId)} declined`,
        },
      );
    }
  });
}

/** What the buyer's and the owner's quote pages show. */
export async function quoteDetail(
  ctx: AppContext,
  caller: Caller,
  quoteId: string,
  now = new Date(),
): Promise<QuoteDetail> {
  const row = await readableQuote(ctx, caller, quoteId);
  const [lines, versions, messages, outlet, business] = await Promise.all([
    linesOfQuote(ctx.db, quoteId),
    versionsOfQuote(ctx.db, quoteId),
    messagesOfQuote(ctx.db, quoteId),
    outletName(ctx.db, row.outletId),
    businessName(ctx.db, row.businessId),
  ]);
  const found = await productsForQuote(
    ctx.db,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const today = indiaDateOf(now);
  const current = versions.at(-1);
  const status = displayStatus(row, current, today);
  return {
    _id: row.id,
    number: orderNumber(row.id),
    status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    businessName: row.customerBusinessName ?? business,
    gstin: row.customerGstin,
    outlet: row.outletId && outlet ? { _id: row.outletId, name: outlet } : null,
    address: row.address,
    notes: row.notes,
    lineCount: lines.length,
    total: current ? toRupees(versionTotalPaise(current)) : null,
    validUntil: current?.validUntil ?? null,
    createdAt: row.createdAt.toISOString(),
    lines: lines.map((line) => {
      const product = found.find((candidate) => candidate.id === line.productId);
      const variant = product?.variants.find((candidate) => candidate.id === line.variantId);
      const price = variant ? variant.pricePaise : product?.pricePaise;
      return {
        _id: line.id,
        productId: line.productId,
        variantId: line.variantId,
        title: line.title,
        size: line.size,
        quantity: line.quantity,
        currentPrice: price === undefined ? null : toRupees(price),
      };
    }),
    versions: versions.map((version) => ({
      version: version.version,
      lines: version.lines.map((line) => ({
        lineId: line.lineId,
        title: line.title,
        size: line.size,
        quantity: line.quantity,
        unitPrice: toRupees(line.unitPricePaise),
        subtotal: toRupees(line.unitPricePaise * line.quantity),
        gstRate: line.gstRate,
      })),
      shipping: toRupees(version.shippingPaise),
      total: toRupees(versionTotalPaise(version)),
      validUntil: version.validUntil,
      advancePercent: version.advancePercent,
      termsNote: version.termsNote,
      notes: version.notes,
      createdAt: version.createdAt.toISOString(),
      superseded: version !== current,
    })),
    messages: messages.map((message) => ({
      _id: message.id,
      authorName: message.authorName,
      fromShop: message.fromShop,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
    orderId: row.orderId,
    acceptable: status === 'quoted' || status === 'revised',
  };
}

/** A page of quotes: the back office's (all) or a buyer's (their own and their business's). */
export async function listQuotes(ctx: AppContext, caller: Caller, query: QuoteListQuery, all: boolean) {
  const today = indiaDateOf(new Date());
  const membership = all ? null : await membershipOf(ctx.db, caller.sub);
  const { rows, total } = await quotePage(ctx.db, {
    scope: all ? null : { userId: caller.sub, businessId: membership?.businessId ?? null },
    status: query.status,
    search: query.search,
    page: query.page,
    limit: query.limit,
    today,
  });
  return {
    data: rows.map(({ quote, lineCount, version, validUntil, totalPaise }) => ({
      _id: quote.id,
      number: orderNumber(quote.id),
      status: displayStatus(quote, version && validUntil ? { version, validUntil } : undefined, today),
      customerName: quote.customerName,
      customerEmail: quote.customerEmail,
      businessName: quote.customerBusinessName,
      lineCount,
      total: totalPaise === null ? null : toRupees(Number(totalPaise)),
      validUntil,
      createdAt: quote.createdAt.toISOString(),
    })),
    pagination: { page: query.page, limit: query.limit, total },
  };
}
