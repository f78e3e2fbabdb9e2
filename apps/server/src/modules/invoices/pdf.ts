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
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { create as CreateFont, Font } from 'fontkit';
import type PDFDocument from 'pdfkit';
import {
  documentTotalPaise,
  INDIA_TIME_ZONE,
  taxSummaryByRate,
  type DocumentAddress,
  type DocumentLine,
  type TaxAmounts,
  type TaxDocument,
} from '@pumpkart/shared';

type Pdf = InstanceType<typeof PDFDocument>;

// ---------------------------------------------------------------------------------------------------------------
// Fonts: read and parsed once per process, then shared by every document (pdfkit takes a fontkit font as it is
// and makes its own subset per document). Parsing the font tables is most of the cost of a render, so this halves
// it. Rendering is synchronous up to pdf.end(), so two documents never use a font at the same moment. pdfkit and
// fontkit are imported on the first render, not at start: most processes never render a PDF, and the two hold
// about 20 MB (docs/decisions/0018-embedded-memory.md).

const fontRequire = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
let fontCache: Record<FontName, Font> | undefined;

function loadFont(createFont: typeof CreateFont, file: string): Font {
  const font = createFont(readFileSync(fontRequire.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font.`);
  return font;
}

async function fonts(): Promise<Record<FontName, Font>> {
  if (!fontCache) {
    const { create } = await import('fontkit');
    fontCache = { regular: loadFont(create, FONT_FILES.regular), bold: loadFont(create, FONT_FILES.bold) };
  }
  return fontCache;
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting.

/** Integer paise with Indian digit grouping and 2 decimals: 1234567890 -> '1,23,45,678.90' (exact, no floats). */
export function formatPaiseIndian(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const decimals = String(abs % 100).padStart(2, '0');
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
  return `${sign}${grouped}.${decimals}`;
}

/** An amount with the rupee sign: '₹1,23,45,678.90'. */
export function formatRupees(paise: number): string {
  return `₹${formatPaiseIndian(paise)}`;
}

const istDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The calendar date in India as dd-mm-yyyy: '2026-03-31T23:30:00Z' -> '01-04-2026'. */
export function formatIndianDate(iso: string): string {
  const parts = istDate.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

function formatRate(rate: number): string {
  return `${rate}%`;
}

function addressLines(address: DocumentAddress): string[] {
  const lines = [address.line1];
  if (address.line2) lines.push(address.line2);
  lines.push(`${address.city} - ${address.postalCode}, ${address.state}`);
  if (address.country && address.country.trim().toLowerCase() !== 'india') lines.push(address.country);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Page geometry and style (points; A4 is 595.28 x 841.89).

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
/** Room kept at the foot of every page for the page number line. */
const FOOTER_HEIGHT = 26;
const BOTTOM = PAGE.height - MARGIN - FOOTER_HEIGHT;

const INK = '#111111';
const MUTED = '#4a4f57';
const RULE = '#8c929c';
const FILL = '#e9edf2';
const CELL_PAD_X = 3;
const CELL_PAD_Y = 3;
const BODY_SIZE = 8;
const SMALL_SIZE = 6.6;

interface TextStyle {
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Writes text at a point inside a width and answers its height; the caller keeps the position. */
function write(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  pdf
    .font(style.font ?? 'regular')
    .fontSize(style.size ?? BODY_SIZE)
    .fillColor(style.color ?? INK);
  const options = { width, align: style.align ?? 'left', lineGap: 0.6 } as const;
  pdf.text(text, x, y, options);
  return pdf.heightOfString(text, options);
}

function measure(pdf: Pdf, text: string, width: number, style: TextStyle = {}): number {
  pdf.font(style.font ?? 'regular').fontSize(style.size ?? BODY_SIZE);
  return pdf.heightOfString(text, { width, lineGap: 0.6 });
}

function hLine(pdf: Pdf, y: number, x1 = LEFT, x2 = RIGHT, color = RULE, width = 0.6): void {
  pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

function vLine(pdf: Pdf, x: number, y1: number, y2: number): void {
  pdf.moveTo(x, y1).lineTo(x, y2).lineWidth(0.6).strokeColor(RULE).stroke();
}

function box(pdf: Pdf, x: number, y: number, width: number, height: number, fill?: string): void {
  if (fill) pdf.rect(x, y, width, height).fillColor(fill).fill();
  pdf.rect(x, y, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
}

// ---------------------------------------------------------------------------------------------------------------
// What the document is called and says about itself.

function titleOf(doc: TaxDocument): string {
  return doc.kind === 'credit-note' ? 'CREDIT NOTE' : 'TAX INVOICE';
}

function numberLabel(doc: TaxDocument): string {
  return doc.kind === 'credit-note' ? 'Credit note number' : 'Invoice number';
}

function dateLabel(doc: TaxDocument): string {
  return doc.kind === 'credit-note' ? 'Credit note date' : 'Invoice date';
}

function stateTaxLabel(doc: TaxDocument): 'SGST' | 'UTGST' {
  return doc.stateTax === 'UTGST' ? 'UTGST' : 'SGST';
}

function stateTaxPaise(doc: TaxDocument, amounts: TaxAmounts): number {
  return doc.stateTax === 'UTGST' ? amounts.utgstPaise : amounts.sgstPaise;
}

// ---------------------------------------------------------------------------------------------------------------
// Header: the seller on the left, the title on the right, then the document's particulars.

function drawHeader(pdf: Pdf, doc: TaxDocument): number {
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
  titleY += write(pdf, 'Original for recipient', titleX, titleY + 1, titleWidth, {
    size: SMALL_SIZE + 0.4,
    color: MUTED,
    align: 'right',
  });
  if (doc.kind === 'credit-note') {
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

/** Label/value pairs in two columns; answers the y below them. */
function drawParticulars(pdf: Pdf, doc: TaxDocument, top: number): number {
  const paymentMode = doc.order.paymentMode === 'cod' ? 'Cash on delivery' : 'Paid online';
  const left: Array<[string, string]> = [
    [numberLabel(doc), doc.number],
    [dateLabel(doc), formatIndianDate(doc.issuedAt)],
  ];
  if (doc.kind === 'credit-note' && doc.reference) {
    left.push(['Original invoice number', doc.reference.number]);
    left.push(['Original invoice date', formatIndianDate(doc.reference.issuedAt)]);
  }
  left.push(['Order number', doc.order.number]);
  left.push(['Order date', formatIndianDate(doc.order.placedAt)]);

  const right: Array<[string, string]> = [
    ['Place of supply', `${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`],
    ['Tax is payable on reverse charge:', doc.reverseCharge ? 'Yes' : 'No'],
    ['Payment', paymentMode],
  ];
  if (doc.kind === 'credit-note' && doc.reason) right.push(['Reason', doc.reason]);

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

/** Billed to / shipped to. */
function drawParties(pdf: Pdf, doc: TaxDocument, top: number): number {
  const { buyer } = doc;
  const half = WIDTH / 2;
  const inner = half - 2 * 6;
  const stateLine = `State: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`;

  const billed: Array<[string, TextStyle]> = [];
  if (buyer.businessName) billed.push([buyer.businessName, { font: 'bold', size: 9 }]);
  if (buyer.gstin) billed.push([`GSTIN: ${buyer.gstin}`, { font: 'bold' }]);
  billed.push([
    buyer.businessName ? `Attn: ${buyer.name}` : buyer.name,
    buyer.businessName ? {} : { font: 'bold', size: 9 },
  ]);
  for (const line of addressLines(buyer.address)) billed.push([line, {}]);
  billed.push([stateLine, {}]);
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

// ---------------------------------------------------------------------------------------------------------------
// The lines table.

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: DocumentLine, index: number) => string;
  total?: (totals: TaxAmounts, doc: TaxDocument) => string;
}

function columnsOf(pdf: Pdf, doc: TaxDocument): Column[] {
  const amount = (paise: number) => formatPaiseIndian(paise);
  const fixed: Column[] = [
    { header: '#', width: 16, align: 'center', cell: (_line, index) => String(index + 1) },
    { header: 'Description of goods', width: 0, align: 'left', cell: (line) => line.description },
    { header: 'HSN', width: 44, align: 'center', cell: (line) => line.hsn },
    {
      header: 'Qty',
      width: 26,
      align: 'right',
      cell: (line) => (line.kind === 'delivery' ? '–' : String(line.quantity)),
      total: (_totals, d) => String(d.lines.reduce((sum, line) => sum + line.quantity, 0)),
    },
    { header: 'Unit', width: 26, align: 'center', cell: (line) => line.unit },
    {
      header: 'Taxable value (₹)',
      width: 60,
      align: 'right',
      cell: (line) => amount(line.taxablePaise),
      total: (totals) => amount(totals.taxablePaise),
    },
    // Inside the state each head's own rate, 9% + 9% (CGST Rule 46(l)); the summary by rate gives the combined 18%.
    doc.supplyType === 'inter-state'
      ? { header: 'GST rate', width: 32, align: 'right', cell: (line) => formatRate(line.ratePercent) }
      : {
          header: `CGST + ${stateTaxLabel(doc)} rate`,
          width: 32,
          align: 'right',
          cell: (line) => `${formatRate(line.ratePercent / 2)} + ${formatRate(line.ratePercent / 2)}`,
        },
  ];
  const taxes: Column[] =
    doc.supplyType === 'inter-state'
      ? [
          {
            header: 'IGST (₹)',
            width: 56,
            align: 'right',
            cell: (line) => amount(line.igstPaise),
            total: (totals) => amount(totals.igstPaise),
          },
        ]
      : [
          {
            header: 'CGST (₹)',
            width: 50,
            align: 'right',
            cell: (line) => amount(line.cgstPaise),
            total: (totals) => amount(totals.cgstPaise),
          },
          {
            header: `${stateTaxLabel(doc)} (₹)`,
            width: 50,
            align: 'right',
            cell: (line) => amount(stateTaxPaise(doc, line)),
            total: (totals) => amount(stateTaxPaise(doc, totals)),
          },
        ];
  const columns = [
    ...fixed,
    ...taxes,
    {
      header: 'Total (₹)',
      width: 60,
      align: 'right',
      cell: (line: DocumentLine) => amount(line.inclusivePaise),
      total: (totals: TaxAmounts) => amount(totals.inclusivePaise),
    } satisfies Column,
  ];
  // A column is at least as wide as its widest figure (large orders run into crores); the description takes the rest.
  columns.forEach((column, index) => {
    if (index === 1) return;
    pdf.font('regular').fontSize(BODY_SIZE);
    const cells = doc.lines.map((line, i) => pdf.widthOfString(column.cell(line, i)));
    pdf.font('bold');
    const total = column.total ? pdf.widthOfString(column.total(doc.totals, doc)) : 0;
    column.width = Math.max(column.width, Math.ceil(Math.max(total, ...cells)) + 2 * CELL_PAD_X + 1);
  });
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  columns[1].width = WIDTH - used;
  return columns;
}

function lineNote(line: DocumentLine): string {
  const notes: string[] = [];
  if (line.kind === 'goods' && line.unitPricePaise > 0) {
    notes.push(`${formatRupees(line.unitPricePaise)} per unit, GST included`);
  }
  notes.push(...line.certificates);
  return notes.join('\n');
}

function rowHeight(pdf: Pdf, line: DocumentLine, descWidth: number): number {
  const text = measure(pdf, line.description, descWidth - 2 * CELL_PAD_X);
  const note = lineNote(line);
  const noteHeight = note ? measure(pdf, note, descWidth - 2 * CELL_PAD_X, { size: SMALL_SIZE }) + 1 : 0;
  return Math.max(text + noteHeight, 10) + 2 * CELL_PAD_Y;
}

function drawTableHeader(pdf: Pdf, columns: Column[], top: number): number {
  const height = Math.max(...columns.map((c) => measure(pdf, c.header, c.width - 2 * CELL_PAD_X, { font: 'bold' })));
  const total = height + 2 * CELL_PAD_Y;
  box(pdf, LEFT, top, WIDTH, total, FILL);
  let x = LEFT;
  for (const column of columns) {
    const h = measure(pdf, column.header, column.width - 2 * CELL_PAD_X, { font: 'bold' });
    write(pdf, column.header, x + CELL_PAD_X, top + CELL_PAD_Y + (height - h), column.width - 2 * CELL_PAD_X, {
      font: 'bold',
      align: column.align === 'left' ? 'left' : column.align,
    });
    if (x > LEFT) vLine(pdf, x, top, top + total);
    x += column.width;
  }
  return top + total;
}

function drawRow(pdf: Pdf, columns: Column[], line: DocumentLine, index: number, top: number, height: number): void {
  let x = LEFT;
  for (const column of columns) {
    const width = column.width - 2 * CELL_PAD_X;
    const y = top + CELL_PAD_Y;
    const textHeight = write(pdf, column.cell(line, index), x + CELL_PAD_X, y, width, { align: column.align });
    if (column.header.startsWith('Description')) {
      const note = lineNote(line);
      if (note) write(pdf, note, x + CELL_PAD_X, y + textHeight + 1, width, { size: SMALL_SIZE, color: MUTED });
    }
    x += column.width;
  }
  // The cell borders: the row's sides and column rules, and a light rule below.
  vLine(pdf, LEFT, top, top + height);
  vLine(pdf, RIGHT, top, top + height);
  x = LEFT;
  for (const column of columns.slice(0, -1)) {
    x += column.width;
    vLine(pdf, x, top, top + height);
  }
  hLine(pdf, top + height, LEFT, RIGHT, '#c6cad1', 0.4);
}

function drawTotalsRow(pdf: Pdf, doc: TaxDocument, columns: Column[], top: number): number {
  const height = 10 + 2 * CELL_PAD_Y;
  box(pdf, LEFT, top, WIDTH, height, FILL);
  let x = LEFT;
  columns.forEach((column, index) => {
    const text = index === 1 ? 'Total' : (column.total?.(doc.totals, doc) ?? '');
    if (text) {
      write(pdf, text, x + CELL_PAD_X, top + CELL_PAD_Y, column.width - 2 * CELL_PAD_X, {
        font: 'bold',
        align: index === 1 ? 'left' : column.align,
      });
    }
    if (index > 1) vLine(pdf, x, top, top + height);
    x += column.width;
  });
  return top + height;
}

/** A page after the first: who and which document, so a loose page still says what it belongs to. */
function drawContinuation(pdf: Pdf, doc: TaxDocument): number {
  pdf.addPage();
  let y = MARGIN;
  write(pdf, doc.seller.tradeName, LEFT, y, WIDTH / 2, { font: 'bold', size: 10 });
  write(pdf, `${titleOf(doc)} ${doc.number} (continued)`, LEFT + WIDTH / 2, y, WIDTH / 2, {
    font: 'bold',
    size: 10,
    align: 'right',
  });
  y += 16;
  hLine(pdf, y, LEFT, RIGHT, INK, 1);
  return y + 8;
}

function drawLines(pdf: Pdf, doc: TaxDocument, top: number): number {
  const columns = columnsOf(pdf, doc);
  const descWidth = columns[1].width;
  let y = drawTableHeader(pdf, columns, top);
  doc.lines.forEach((line, index) => {
    const height = rowHeight(pdf, line, descWidth);
    if (y + height > BOTTOM) {
      y = drawTableHeader(pdf, columns, drawContinuation(pdf, doc));
    }
    drawRow(pdf, columns, line, index, y, height);
    y += height;
  });
  if (y + 16 > BOTTOM) y = drawTableHeader(pdf, columns, drawContinuation(pdf, doc));
  return drawTotalsRow(pdf, doc, columns, y) + 10;
}

// ---------------------------------------------------------------------------------------------------------------
// Below the table: the summary by rate, the totals, the amount in words and the signature.

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
  const label = doc.kind === 'credit-note' ? 'Credit note total' : 'Invoice total';
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
  if (doc.kind === 'credit-note' && doc.reference) {
    notes.push(
      `This credit note cancels the supply and the tax of invoice ${doc.reference.number} dated ` +
        `${formatIndianDate(doc.reference.issuedAt)}.`,
    );
  }
  return notes;
}

function drawClosing(pdf: Pdf, doc: TaxDocument, top: number): number {
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
function closingHeight(pdf: Pdf, doc: TaxDocument): number {
  const rates = taxSummaryByRate(doc.lines).length;
  const summary = 13 + (rates + 3) * (10 + 2 * CELL_PAD_Y);
  const totals = 13 + ((doc.supplyType === 'inter-state' ? 3 : 4) + (doc.roundOffPaise ? 1 : 0)) * 12 + 22;
  const words = measure(pdf, doc.amountInWords, WIDTH - 12, { font: 'bold', size: 8.5 }) + 32;
  return Math.max(summary, totals) + 10 + words + 60;
}

// ---------------------------------------------------------------------------------------------------------------
// Footer on every page, written once all pages exist.

function drawFooters(pdf: Pdf, doc: TaxDocument): void {
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

// ---------------------------------------------------------------------------------------------------------------

/** The PDF of an issued tax invoice or credit note, from its stored snapshot. */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const issued = new Date(doc.issuedAt);
  const title = `${doc.kind === 'credit-note' ? 'Credit note' : 'Tax invoice'} ${doc.number}`;
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

  let y = drawHeader(pdf, doc);
  y = drawParticulars(pdf, doc, y);
  y = drawParties(pdf, doc, y);
  y = drawLines(pdf, doc, y);
  if (y + closingHeight(pdf, doc) > BOTTOM) y = drawContinuation(pdf, doc);
  drawClosing(pdf, doc, y);
  drawFooters(pdf, doc);
  pdf.end();
  return done;
}
