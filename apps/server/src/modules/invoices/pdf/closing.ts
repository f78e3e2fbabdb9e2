/** Below the table: the summary by rate, the totals, the amount in words, the signature, and every page's footer. */
import { documentTotalPaise, taxSummaryByRate, type TaxDocument } from '@pumpkart/shared';
import {
  box,
  CELL_PAD_X,
  CELL_PAD_Y,
  FILL,
  hLine,
  LEFT,
  MARGIN,
  measure,
  MUTED,
  PAGE,
  RIGHT,
  RULE,
  SMALL_SIZE,
  vLine,
  WIDTH,
  write,
  type Pdf,
  type TextStyle,
} from './canvas';
import { formatIndianDate, formatPaiseIndian, formatRate, formatRupees } from './format';
import { stateTaxLabel, stateTaxPaise, totalLabel } from './labels';

function drawRateSummary(pdf: Pdf, doc: TaxDocument, top: number, width: number): number {
  const interState = doc.supplyType === 'inter-state';
  const headers = interState
    ? ['GST rate', 'Taxable value (₹)', 'IGST (₹)', 'Total tax (₹)']
    : ['GST rate', 'Taxable value (₹)', 'CGST (₹)', `${stateTaxLabel(doc)} (₹)`, 'Total tax (₹)'];
  const rows = taxSummaryByRate(doc.lines).map((row) =>
    interState
      ? [formatRate(row.ratePercent), row.taxablePaise, row.igstPaise, row.taxPaise]
      : [formatRate(row.ratePercent), row.taxablePaise, row.cgstPaise, stateTaxPaise(doc, row), row.taxPaise],
  );
  const t = doc.totals;
  const totals = interState
    ? ['Total', t.taxablePaise, t.igstPaise, t.taxPaise]
    : ['Total', t.taxablePaise, t.cgstPaise, stateTaxPaise(doc, t), t.taxPaise];

  const first = 44;
  const rest = (width - first) / (headers.length - 1);
  const widths = headers.map((_, i) => (i === 0 ? first : rest));
  const rowH = 10 + 2 * CELL_PAD_Y;

  write(pdf, 'Tax summary by rate', LEFT, top, width, { font: 'bold' });
  let y = top + 13;
  const drawCells = (cells: Array<string | number>, bold: boolean, fill?: string) => {
    const style: TextStyle = { font: bold ? 'bold' : 'regular' };
    const texts = cells.map((cell) => (typeof cell === 'number' ? formatPaiseIndian(cell) : cell));
    const textH = Math.max(...texts.map((text, i) => measure(pdf, text, widths[i] - 2 * CELL_PAD_X, style)));
    const height = Math.max(rowH, textH + 2 * CELL_PAD_Y);
    box(pdf, LEFT, y, width, height, fill);
    let x = LEFT;
    texts.forEach((text, i) => {
      const h = measure(pdf, text, widths[i] - 2 * CELL_PAD_X, style);
      write(pdf, text, x + CELL_PAD_X, y + height - CELL_PAD_Y - h, widths[i] - 2 * CELL_PAD_X, {
        ...style,
        align: i === 0 ? 'left' : 'right',
      });
      if (i > 0) vLine(pdf, x, y, y + height);
      x += widths[i];
    });
    y += height;
  };
  drawCells(headers, true, FILL);
  for (const row of rows) drawCells(row, false);
  drawCells(totals, true, FILL);
  return y;
}

function drawTotalsBox(pdf: Pdf, doc: TaxDocument, top: number, x: number, width: number): number {
  const t = doc.totals;
  const rows: Array<[string, number]> = [['Taxable value', t.taxablePaise]];
  if (doc.supplyType === 'inter-state') rows.push(['IGST', t.igstPaise]);
  else rows.push(['CGST', t.cgstPaise], [stateTaxLabel(doc), stateTaxPaise(doc, t)]);
  rows.push(['Total GST', t.taxPaise]);
  // The paise left over by computing each tax from the taxable value (docs/decisions/0023-equal-tax-halves.md).
  if (doc.roundOffPaise) rows.push(['Round off', doc.roundOffPaise]);
  let y = top;
  for (const [label, paise] of rows) {
    write(pdf, label, x, y, width / 2, { color: MUTED });
    write(pdf, formatRupees(paise), x + width / 2, y, width / 2, { align: 'right' });
    y += 12;
  }
  y += 2;
  const height = 20;
  box(pdf, x, y, width, height, FILL);
  const label = totalLabel(doc);
  write(pdf, label, x + 5, y + 5, width / 2, { font: 'bold', size: 9.5 });
  write(pdf, formatRupees(documentTotalPaise(doc)), x + width / 2 - 5, y + 5, width / 2, {
    font: 'bold',
    size: 9.5,
    align: 'right',
  });
  return y + height;
}

function closingNotes(doc: TaxDocument): string[] {
  const notes = ['Prices include GST: the taxable value and the tax of each line are contained in the amount paid.'];
  if (doc.deliveryTaxMethod === 'apportioned') {
    notes.push('Delivery charge apportioned over the goods by value, each share at its goods’ rate and HSN code.');
  } else if (doc.deliveryTaxMethod === 'highest-rate') {
    notes.push('Delivery charge taxed at the highest GST rate of the goods.');
  }
  if (doc.roundOffPaise) {
    notes.push('Each tax is its rate on the taxable value; the round-off is the paise this leaves of the amount paid.');
  }
  if (doc.proforma) {
    notes.push(
      'This is not a tax invoice: a proforma of the quote, with the tax the invoice will carry. The tax invoice is ' +
        'issued when the order is paid.',
    );
  }
  const invoice = doc.reference && `invoice ${doc.reference.number} dated ${formatIndianDate(doc.reference.issuedAt)}`;
  if (doc.kind === 'credit-note' && invoice && doc.partial) {
    notes.push(
      `This credit note (CGST Act s.34(1), Rule 53) credits the returned goods listed above and their share of the ` +
        `delivery charge, of ${invoice}. Reason: ${doc.reason ?? 'goods returned'}.`,
    );
  } else if (doc.kind === 'credit-note' && invoice) {
    notes.push(`This credit note cancels the supply and the tax of ${invoice}.`);
  }
  if (doc.kind === 'debit-note' && invoice) {
    notes.push(
      `Issued under CGST Act s.34(3) and Rule 53: this debit note raises the value of the lines above of ${invoice}, ` +
        `by the amounts shown. Reason: ${doc.reason ?? 'price revised'}.`,
    );
  }
  return notes;
}

export function drawClosing(pdf: Pdf, doc: TaxDocument, top: number): number {
  const summaryWidth = WIDTH * 0.58;
  const totalsX = LEFT + summaryWidth + 24;
  const totalsWidth = RIGHT - totalsX;
  const summaryBottom = drawRateSummary(pdf, doc, top, summaryWidth);
  const totalsBottom = drawTotalsBox(pdf, doc, top + 13, totalsX, totalsWidth);
  let y = Math.max(summaryBottom, totalsBottom) + 10;

  const wordsHeight = measure(pdf, doc.amountInWords, WIDTH - 12, { font: 'bold', size: 8.5 });
  box(pdf, LEFT, y, WIDTH, wordsHeight + 22);
  write(pdf, 'Amount in words', LEFT + 6, y + 5, WIDTH - 12, { color: MUTED, size: SMALL_SIZE + 0.4 });
  write(pdf, doc.amountInWords, LEFT + 6, y + 15, WIDTH - 12, { font: 'bold', size: 8.5 });
  y += wordsHeight + 32;

  const notesWidth = WIDTH * 0.55;
  let notesY = y;
  for (const note of closingNotes(doc)) {
    notesY += write(pdf, note, LEFT, notesY, notesWidth, { size: SMALL_SIZE + 0.4, color: MUTED }) + 2;
  }

  const signX = LEFT + WIDTH * 0.6;
  const signWidth = RIGHT - signX;
  let signY = y;
  signY += write(pdf, `For ${doc.seller.legalName}`, signX, signY, signWidth, { font: 'bold', align: 'right' });
  signY += 30;
  hLine(pdf, signY, signX + signWidth * 0.3, RIGHT, RULE, 0.6);
  signY += 3;
  signY += write(pdf, `Authorised Signatory: ${doc.seller.signatory}`, signX, signY, signWidth, { align: 'right' });
  return Math.max(notesY, signY);
}

/** How tall the closing block will be, so that it is never split over two pages. */
export function closingHeight(pdf: Pdf, doc: TaxDocument): number {
  const rates = taxSummaryByRate(doc.lines).length;
  const summary = 13 + (rates + 3) * (10 + 2 * CELL_PAD_Y);
  const totals = 13 + ((doc.supplyType === 'inter-state' ? 3 : 4) + (doc.roundOffPaise ? 1 : 0)) * 12 + 22;
  const words = measure(pdf, doc.amountInWords, WIDTH - 12, { font: 'bold', size: 8.5 }) + 32;
  return Math.max(summary, totals) + 10 + words + 60;
}
export function drawFooters(pdf: Pdf, doc: TaxDocument): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    pdf.switchToPage(range.start + i);
    const y = PAGE.height - MARGIN - 10;
    hLine(pdf, y - 4, LEFT, RIGHT, '#c6cad1', 0.4);
    write(pdf, `${doc.seller.legalName} · GSTIN ${doc.seller.gstin} · ${doc.number}`, LEFT, y, WIDTH * 0.75, {
      size: SMALL_SIZE,
      color: MUTED,
    });
    write(pdf, `Page ${i + 1} of ${range.count}`, LEFT + WIDTH * 0.75, y, WIDTH * 0.25, {
      size: SMALL_SIZE,
      color: MUTED,
      align: 'right',
    });
  }
}
