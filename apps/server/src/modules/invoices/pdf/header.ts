/** The top of the first page: the seller and the title, the document's particulars, and the parties. */
import type { TaxDocument } from '@pumpkart/shared';
import { box, FILL, hLine, INK, LEFT, MARGIN, measure, MUTED, RIGHT, SMALL_SIZE, vLine, WIDTH, write } from './canvas';
import type { Pdf, TextStyle } from './canvas';
import { addressLines, formatIndianDate } from './format';
import { copyLabel, dateLabel, numberLabel, titleOf, transportLines } from './labels';
import type { DocumentCopy, TransportDetails } from './labels';

/**
 * The seller, the title and which copy this is (CGST Rule 48(1)); the transporter's copy adds the e-way bill
 * number and the vehicle or transporter recorded when the order was shipped.
 */
export function drawHeader(
  pdf: Pdf,
  doc: TaxDocument,
  copy: DocumentCopy = 'recipient',
  transport: TransportDetails | null = null,
): number {
  const { seller } = doc;
  const sellerWidth = WIDTH * 0.6;
  let y = MARGIN;
  y += write(pdf, seller.tradeName, LEFT, y, sellerWidth, { font: 'bold', size: 15 });
  if (seller.legalName.trim() !== seller.tradeName.trim()) {
    y += write(pdf, seller.legalName, LEFT, y + 1, sellerWidth, { font: 'bold', size: 9 }) + 1;
  }
  y += 2;
  for (const line of addressLines(seller.address)) y += write(pdf, line, LEFT, y, sellerWidth, { color: MUTED });
  y += 2;
  y += write(pdf, `GSTIN: ${seller.gstin}    PAN: ${seller.pan}`, LEFT, y, sellerWidth, { font: 'bold' });
  y += write(pdf, `State: ${seller.address.state} (${seller.stateCode})`, LEFT, y, sellerWidth, { color: MUTED });
  y += write(pdf, `E-mail: ${seller.email}    Phone: ${seller.phone}`, LEFT, y, sellerWidth, { color: MUTED });

  const titleX = LEFT + sellerWidth;
  const titleWidth = WIDTH - sellerWidth;
  let titleY = MARGIN;
  titleY += write(pdf, titleOf(doc), titleX, titleY, titleWidth, { font: 'bold', size: 17, align: 'right' });
  if (doc.proforma) {
    titleY += write(pdf, 'This is not a tax invoice', titleX, titleY + 1, titleWidth, { font: 'bold', align: 'right' });
  } else {
    titleY += write(pdf, copyLabel(copy), titleX, titleY + 1, titleWidth, {
      size: SMALL_SIZE + 0.4,
      color: MUTED,
      align: 'right',
    });
  }
  if (copy === 'transporter') {
    for (const line of transportLines(transport)) {
      titleY += write(pdf, line, titleX, titleY + 1, titleWidth, { font: 'bold', align: 'right' }) + 1;
    }
  }
  if (isNote(doc)) {
    write(pdf, 'Issued under CGST Rule 53', titleX, titleY + 2, titleWidth, {
      size: SMALL_SIZE + 0.4,
      color: MUTED,
      align: 'right',
    });
  }

  y = Math.max(y, titleY) + 8;
  hLine(pdf, y, LEFT, RIGHT, INK, 1);
  return y + 6;
}

/** Credit and debit notes name the invoice they correct and why (CGST Rule 53(1A)). */
const isNote = (doc: TaxDocument) => doc.kind === 'credit-note' || doc.kind === 'debit-note';

/** Label/value pairs in two columns; answers the y below them. */
export function drawParticulars(pdf: Pdf, doc: TaxDocument, top: number): number {
  const paymentMode = { cod: 'Cash on delivery', online: 'Paid online', bank: 'Bank transfer' }[doc.order.paymentMode];
  const left: Array<[string, string]> = [
    [numberLabel(doc), doc.number],
    [dateLabel(doc), formatIndianDate(doc.issuedAt)],
  ];
  if (isNote(doc) && doc.reference) {
    left.push(['Original invoice number', doc.reference.number]);
    left.push(['Original invoice date', formatIndianDate(doc.reference.issuedAt)]);
  }
  if (doc.proforma) {
    left.push(['Valid until', formatIndianDate(`${doc.proforma.validUntil}T12:00:00+05:30`)]);
  } else {
    left.push(['Order number', doc.order.number]);
    left.push(['Order date', formatIndianDate(doc.order.placedAt)]);
  }

  const right: Array<[string, string]> = [
    ['Place of supply', `${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`],
    ['Tax is payable on reverse charge:', doc.reverseCharge ? 'Yes' : 'No'],
    ['Payment', doc.proforma ? doc.proforma.terms : paymentMode],
  ];
  if (isNote(doc) && doc.reason) right.push(['Reason', doc.reason]);

  const half = WIDTH / 2;
  const column = (pairs: Array<[string, string]>, x: number, labelWidth: number): number => {
    let y = top;
    for (const [label, value] of pairs) {
      const text = label.endsWith(':') ? label : `${label}:`;
      const labelHeight = write(pdf, text, x, y, labelWidth, { color: MUTED });
      const valueHeight = write(pdf, value, x + labelWidth, y, half - labelWidth - 6, { font: 'bold' });
      y += Math.max(labelHeight, valueHeight) + 1.5;
    }
    return y;
  };
  let bottom = Math.max(column(left, LEFT, 108), column(right, LEFT + half, 136));
  // The e-invoice reference number (64 characters) gets a line of its own.
  if (doc.irn) {
    write(pdf, 'IRN:', LEFT, bottom, 108, { color: MUTED });
    bottom += write(pdf, doc.irn, LEFT + 108, bottom, WIDTH - 108, { font: 'bold' }) + 1.5;
  }
  return bottom + 6;
}

/**
 * Billed to / shipped to. Billed to carries the GSTIN's registered state where the snapshot holds it; when that
 * differs from the delivery state, the delivery address is left to Shipped to, since the shop holds no billing
 * address (docs/decisions/0025-bill-to-ship-to-and-e-way-bills.md).
 */
export function drawParties(pdf: Pdf, doc: TaxDocument, top: number): number {
  const { buyer } = doc;
  const half = WIDTH / 2;
  const inner = half - 2 * 6;
  const stateLine = `State: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`;
  const registered = buyer.gstinState;
  const billedElsewhere = Boolean(registered && registered.code !== doc.placeOfSupply.code);

  const billed: Array<[string, TextStyle]> = [];
  if (buyer.businessName) billed.push([buyer.businessName, { font: 'bold', size: 9 }]);
  if (buyer.gstin) billed.push([`GSTIN: ${buyer.gstin}`, { font: 'bold' }]);
  billed.push([
    buyer.businessName ? `Attn: ${buyer.name}` : buyer.name,
    buyer.businessName ? {} : { font: 'bold', size: 9 },
  ]);
  if (billedElsewhere && registered) {
    billed.push([`State of registration: ${registered.name} (${registered.code})`, {}]);
  } else {
    for (const line of addressLines(buyer.address)) billed.push([line, {}]);
    billed.push([stateLine, {}]);
  }
  if (buyer.phone) billed.push([`Phone: ${buyer.phone}`, { color: MUTED }]);
  if (buyer.email) billed.push([`E-mail: ${buyer.email}`, { color: MUTED }]);

  const shipped: Array<[string, TextStyle]> = [[buyer.name, { font: 'bold', size: 9 }]];
  if (buyer.businessName) shipped.push([buyer.businessName, {}]);
  for (const line of addressLines(buyer.address)) shipped.push([line, {}]);
  shipped.push([stateLine, {}]);

  const heading = 14;
  const heightOf = (lines: Array<[string, TextStyle]>) =>
    lines.reduce((sum, [text, style]) => sum + measure(pdf, text, inner, style), 0);
  const height = heading + Math.max(heightOf(billed), heightOf(shipped)) + 10;

  pdf.rect(LEFT, top, WIDTH, heading).fillColor(FILL).fill();
  box(pdf, LEFT, top, WIDTH, height);
  vLine(pdf, LEFT + half, top, top + height);
  hLine(pdf, top + heading, LEFT, RIGHT);
  write(pdf, 'Billed to', LEFT + 6, top + 3.5, inner, { font: 'bold' });
  write(pdf, 'Shipped to', LEFT + half + 6, top + 3.5, inner, { font: 'bold' });
  const column = (lines: Array<[string, TextStyle]>, x: number) => {
    let y = top + heading + 5;
    for (const [text, style] of lines) y += write(pdf, text, x, y, inner, style);
  };
  column(billed, LEFT + 6);
  column(shipped, LEFT + half + 6);
  return top + height + 10;
}
