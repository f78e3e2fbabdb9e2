/**
 * Renders an issued tax invoice or credit note to an A4 PDF from its stored snapshot (TaxDocument), with the
 * particulars CGST Rule 46 (invoice) and Rule 53 (credit note) ask for: the seller's and the buyer's names,
 * addresses and GSTINs, the number and date, the place of supply, reverse charge, one row per line with HSN code,
 * quantity, taxable value, rate and CGST + SGST/UTGST or IGST, the totals, a summary by rate, the amount in words
 * and the authorised signatory. Figures are the snapshot's own, never recomputed
 * (docs/decisions/0009-gst-tax-computation.md, docs/shop-rules.md#store-settings).
 *
 * The font is DejaVu Sans Condensed (regular and bold) from the dejavu-fonts-ttf package: it has the rupee sign
 * ₹, and pdfkit embeds only the glyphs used. The output is deterministic: the creation date is the issue date,
 * and pdfkit derives the file id and font tags from it, so the same document always gives the same bytes.
 */
import type { TaxDocument } from '@pumpkart/shared';
import { BOTTOM, fonts, MARGIN, type Pdf } from './canvas';
import { closingHeight, drawClosing, drawFooters } from './closing';
import { drawEinvoice, type EinvoicePrint } from './einvoice';
import { drawHeader, drawParticulars, drawParties } from './header';
import { documentName } from './labels';
import { drawContinuation, drawLines } from './lines-table';
import type { DocumentCopy, TransportDetails } from './labels';

export { formatIndianDate, formatPaiseIndian, formatRupees } from './format';
export type { DocumentCopy, TransportDetails } from './labels';
export type { EinvoicePrint } from './einvoice';

export interface RenderOptions {
  /** Which copy (CGST Rule 48(1)): the original for the recipient unless asked for the transporter's. */
  copy?: DocumentCopy;
  /** The e-way bill and conveyance that the transporter's copy prints. */
  transport?: TransportDetails | null;
  /** For a B2B document reported to the IRP, what the portal returned (pdf/einvoice.ts). */
  einvoice?: EinvoicePrint | null;
}

/** The PDF of an issued tax invoice or note, from its stored snapshot. */
export async function renderTaxDocumentPdf(
  snapshot: TaxDocument,
  { copy = 'recipient', transport = null, einvoice = null }: RenderOptions = {},
): Promise<Buffer> {
  const doc = einvoice?.irn ? { ...snapshot, irn: einvoice.irn, signedQrCode: einvoice.signedQrCode } : snapshot;
  const issued = new Date(doc.issuedAt);
  const title = documentName(doc);
  const [{ default: PdfDocument }, documentFonts] = await Promise.all([import('pdfkit'), fonts()]);
  const pdf: Pdf = new PdfDocument({
    size: 'A4',
    // Everything is placed at explicit positions; a zero bottom margin keeps pdfkit from breaking pages itself.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    autoFirstPage: true,
    // No standard font: the document uses only the embedded DejaVu fonts.
    font: '',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: title,
      Author: doc.seller.legalName,
      Subject: `${title} for order ${doc.order.number}`,
      Creator: 'PumpKart',
      Producer: 'PumpKart',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  // pdfkit accepts a fontkit font wherever it takes a font file (its font factory checks for font.layout); its
  // type declarations only list files and buffers.
  for (const [name, font] of Object.entries(documentFonts)) pdf.registerFont(name, font as unknown as Buffer);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = drawHeader(pdf, doc, copy, transport);
  y = drawParticulars(pdf, doc, y);
  y = drawEinvoice(pdf, einvoice, y);
  y = drawParties(pdf, doc, y);
  y = drawLines(pdf, doc, y);
  if (y + closingHeight(pdf, doc) > BOTTOM) y = drawContinuation(pdf, doc);
  drawClosing(pdf, doc, y);
  drawFooters(pdf, doc);
  pdf.end();
  return done;
}
