/** The lines table, one row per line with its HSN code, quantity, taxable value and taxes, over as many pages as it needs. */
import type { DocumentLine, TaxAmounts, TaxDocument } from '@pumpkart/shared';
import {
  BODY_SIZE,
  BOTTOM,
  box,
  CELL_PAD_X,
  CELL_PAD_Y,
  FILL,
  hLine,
  INK,
  LEFT,
  MARGIN,
  measure,
  MUTED,
  RIGHT,
  SMALL_SIZE,
  vLine,
  WIDTH,
  write,
  type Pdf,
} from './canvas';
import { formatPaiseIndian, formatRate, formatRupees } from './format';
import { stateTaxLabel, stateTaxPaise, titleOf } from './labels';

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
    { header: 'Description of goods or services', width: 0, align: 'left', cell: (line) => line.description },
    // A service's code is a SAC (docs/shop-rules.md#service-products): one column holds both, as invoices usually say.
    { header: 'HSN/SAC', width: 44, align: 'center', cell: (line) => line.hsn },
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
export function drawContinuation(pdf: Pdf, doc: TaxDocument): number {
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

export function drawLines(pdf: Pdf, doc: TaxDocument, top: number): number {
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
