/**
 * Requests for quote (docs/shop-rules.md#quotes): a buyer asks for prices of some lines, to an outlet or an address;
 * the owner answers with a version (a price per line, the delivery charge, a validity date, the payment terms); a
 * new version supersedes the last; both sides write in a thread. Reading them is detail.ts, accepting accept.ts.
 */
import {
  BUSINESS_MESSAGES,
  indiaDateOf,
  mayBuy,
  orderNumber,
  toPaise,
  toRupees,
  variantChoiceOf,
  type QuoteAnswerBody,
  type QuoteDetail,
  type QuoteRequestBody,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { certificatesOf } from '../invoices';
import { membershipOf } from '../business';
import { enqueueMails, ownerEmail } from '../mail';
import { QUOTE_NOT_FOUND, quoteDetail, readableQuote, versionTotalPaise, type Caller } from './detail';
import {
  findOutlet,
  findQuote,
  insertMessage,
  insertQuote,
  insertVersion,
  linesOfQuote,
  lockQuote,
  productsForQuote,
  updateQuote,
  type QuotedLine,
} from './store';

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
