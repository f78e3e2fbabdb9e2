/**
 * Reading quotes (docs/shop-rules.md#quotes): who may read one (its requester, everyone in the requester's business,
 * and the orders area of the back office; anyone else gets 404), the status it shows, and the detail and list pages.
 */
import {
  indiaDateOf,
  mayOpen,
  orderNumber,
  toRupees,
  type QuoteDetail,
  type QuoteDisplayStatus,
  type QuoteListQuery,
  type Role,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { membershipOf } from '../business';
import {
  businessName,
  findQuote,
  linesOfQuote,
  messagesOfQuote,
  outletName,
  productsForQuote,
  quotePage,
  versionsOfQuote,
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

export const versionTotalPaise = (version: Pick<QuoteVersionRow, 'lines' | 'shippingPaise'>) =>
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
