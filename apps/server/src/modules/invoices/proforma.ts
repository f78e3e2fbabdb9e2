/**
 * A quote's proforma invoice (docs/shop-rules.md#quotes): the tax invoice's own snapshot (invoiceDocument: the same
 * per-line GST split, intra- or inter-state from the store's state and the delivery state, the delivery charge taxed
 * the same way), marked proforma, and rendered by the invoice's PDF code, titled "Proforma invoice" and "This is not
 * a tax invoice". Nothing is stored or numbered: it is drawn from the quote's version at each download.
 */
import type { PaymentMode } from '@pumpkart/shared';
import { renderTaxDocumentPdf } from './pdf';
import { invoiceDocument, type InvoiceSource } from './snapshot';

export interface ProformaSource {
  quote: { id: string; number: string; createdAt: Date; validUntil: string; terms: string; paymentMode: PaymentMode };
  order: Omit<InvoiceSource['order'], 'id' | 'createdAt' | 'paymentMode'>;
  lines: InvoiceSource['lines'];
  seller: InvoiceSource['seller'];
}

export async function proformaPdf(source: ProformaSource, issuedAt: Date): Promise<Buffer> {
  const { quote } = source;
  const document = invoiceDocument(
    {
      order: { ...source.order, id: quote.id, createdAt: quote.createdAt, paymentMode: quote.paymentMode },
      lines: source.lines,
      seller: source.seller,
    },
    quote.number,
    issuedAt,
  );
  return renderTaxDocumentPdf({ ...document, proforma: { validUntil: quote.validUntil, terms: quote.terms } });
}
