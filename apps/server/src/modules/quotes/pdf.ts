/** The proforma invoice of a quote's current version (docs/shop-rules.md#quotes), for whoever may read the quote. */
import { orderNumber, quoteTermsText } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { proformaPdf } from '../invoices';
import { findStoreSettings } from '../settings';
import { readableQuote, type Caller } from './detail';
import { versionsOfQuote } from './store';

export async function quotePdf(ctx: AppContext, caller: Caller, quoteId: string, now = new Date()) {
  const quote = await readableQuote(ctx, caller, quoteId);
  const current = (await versionsOfQuote(ctx.db, quoteId)).at(-1);
  if (!current) throw new ConflictError('The shop has not priced this request yet.');
  const seller = await findStoreSettings(ctx);
  if (!seller) throw new ConflictError('The shop has not entered its business details yet.');
  const number = `Q-${orderNumber(quote.id)}-${current.version}`;
  const pdf = await proformaPdf(
    {
      quote: {
        id: quote.id,
        number,
        createdAt: current.createdAt,
        validUntil: current.validUntil,
        terms: quoteTermsText(current.advancePercent, current.termsNote),
        paymentMode: 'online',
      },
      order: {
        customerName: quote.customerName,
        customerEmail: quote.customerEmail,
        customerPhone: quote.customerPhone,
        customerBusinessName: quote.customerBusinessName,
        customerGstin: quote.customerGstin,
        address: quote.address,
        shippingPaise: current.shippingPaise,
      },
      lines: current.lines.map((line) => ({
        title: line.title,
        size: line.size,
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        subtotalPaise: line.unitPricePaise * line.quantity,
        hsnCode: line.hsnCode ?? '',
        gstRate: line.gstRate,
        certificates: line.certificates,
      })),
      seller,
    },
    now,
  );
  return { pdf, fileName: `proforma-${number}.pdf` };
}
