/**
 * The outlet's register as a PDF an inspector reads (docs/shop-rules.md#assets): A4 landscape; a header with the
 * business, the outlet's name, address, oil company and dealer code, its PESO licence and validity and the day it was
 * printed; then one table per equipment category with S.No, the equipment, its serial number and installation day,
 * and each of its tasks with the day last done, the next due day and its state, and an empty column for the
 * inspector's signature or remarks; page numbers at the foot. Drawn with the tax documents' primitives.
 */
import {
  COMPLIANCE_CATEGORY_LABELS,
  DUE_STATE_LABELS,
  assetName,
  indiaDateOf,
  type ComplianceCategoryKey,
  type RegisterTaskDto,
} from '@pumpkart/shared';
import {
  BODY_SIZE,
  CELL_PAD_X,
  CELL_PAD_Y,
  FILL,
  MUTED,
  RULE,
  SMALL_SIZE,
  box,
  fonts,
  measure,
  write,
  type Pdf,
} from '../../lib/pdf-canvas';
import type { AppContext } from '../../context';
import { memberOf, outletOf, registerOfOutlet } from './service';
import type { OutletRow } from './store';

type Register = Awaited<ReturnType<typeof registerOfOutlet>>;

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 30;
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 22;

/** The table's columns: title and width (points); they fill WIDTH. */
const COLUMNS = [
  { title: 'S.No', width: 30 },
  { title: 'Equipment (make / model)', width: 150 },
  { title: 'Serial no.', width: 82 },
  { title: 'Installed', width: 52 },
  { title: 'Task', width: 150 },
  { title: 'Every', width: 50 },
  { title: 'Last done', width: 52 },
  { title: 'Next due', width: 52 },
  { title: 'State', width: 62 },
  { title: 'Signature / remarks', width: 0 },
] as const;
const widths: number[] = COLUMNS.map((column) => column.width);
widths[widths.length - 1] = WIDTH - widths.slice(0, -1).reduce((sum, width) => sum + width, 0);

/** A day as India writes it: 15-01-2027. */
export const indianDay = (day: string | null) => (day ? day.split('-').reverse().join('-') : '');

function drawRow(pdf: Pdf, cells: string[], y: number, { header = false } = {}): number {
  const style = header ? ({ font: 'bold', size: SMALL_SIZE + 0.4 } as const) : ({ size: BODY_SIZE } as const);
  const height =
    Math.max(...cells.map((text, i) => measure(pdf, text, widths[i]! - 2 * CELL_PAD_X, style))) + 2 * CELL_PAD_Y;
  let x = LEFT;
  cells.forEach((text, i) => {
    box(pdf, x, y, widths[i]!, height, header ? FILL : undefined);
    write(pdf, text, x + CELL_PAD_X, y + CELL_PAD_Y, widths[i]! - 2 * CELL_PAD_X, style);
    x += widths[i]!;
  });
  return y + height;
}

const rowHeight = (pdf: Pdf, cells: string[]) =>
  Math.max(...cells.map((text, i) => measure(pdf, text, widths[i]! - 2 * CELL_PAD_X))) + 2 * CELL_PAD_Y;

function drawHeader(pdf: Pdf, outlet: OutletRow, today: string): number {
  let y = MARGIN;
  y += write(pdf, 'Equipment and compliance register', LEFT, y, WIDTH, { font: 'bold', size: 14 }) + 4;
  const address = [outlet.address.line1, outlet.address.line2, outlet.address.city, outlet.address.state]
    .filter(Boolean)
    .join(', ');
  const licence = outlet.pesoLicenceNumber
    ? `PESO licence: ${outlet.pesoLicenceNumber}${outlet.pesoLicenceValidUntil ? `, valid until ${indianDay(outlet.pesoLicenceValidUntil)}` : ''}`
    : 'PESO licence: not entered';
  const lines = [
    `${outlet.name} (${outlet.businessName})`,
    `${address}${outlet.address.postalCode ? ` - ${outlet.address.postalCode}` : ''}`,
    `Oil company: ${outlet.brand}${outlet.dealerCode ? `   Dealer code: ${outlet.dealerCode}` : ''}`,
    licence,
  ];
  y += write(pdf, lines[0]!, LEFT, y, WIDTH * 0.7, { font: 'bold', size: 10 }) + 2;
  write(pdf, `Printed on ${indianDay(today)}`, LEFT + WIDTH * 0.7, MARGIN + 4, WIDTH * 0.3, {
    align: 'right',
    color: MUTED,
  });
  for (const line of lines.slice(1)) y += write(pdf, line, LEFT, y, WIDTH, { size: 9 }) + 1;
  return y + 8;
}

function drawFooters(pdf: Pdf, outlet: OutletRow, today: string): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    pdf.switchToPage(range.start + i);
    const y = PAGE.height - MARGIN - 8;
    pdf
      .moveTo(LEFT, y - 4)
      .lineTo(LEFT + WIDTH, y - 4)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    write(pdf, `${outlet.name} · register printed on ${indianDay(today)}`, LEFT, y, WIDTH * 0.75, {
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

const taskCells = (task: RegisterTaskDto) => [
  task.title,
  task.interval ?? '',
  indianDay(task.lastDoneOn) || 'never',
  indianDay(task.dueOn),
  DUE_STATE_LABELS[task.state],
  '',
];

export async function renderRegisterPdf(outlet: OutletRow, register: Register, today: string): Promise<Buffer> {
  const [{ default: PdfDocument }, documentFonts] = await Promise.all([import('pdfkit'), fonts()]);
  const printed = new Date(`${today}T00:00:00+05:30`);
  const pdf: Pdf = new PdfDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    font: '',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `Equipment register: ${outlet.name}`,
      Author: outlet.businessName,
      Creator: 'PumpKart',
      Producer: 'PumpKart',
      CreationDate: printed,
      ModDate: printed,
    },
  });
  for (const [name, font] of Object.entries(documentFonts)) pdf.registerFont(name, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const header = COLUMNS.map((column) => column.title);
  let y = drawHeader(pdf, outlet, today);
  /** Starts a new page (its category and table header again) when `needed` points do not fit; answers whether. */
  const room = (needed: number, category: string) => {
    if (y + needed <= BOTTOM) return false;
    pdf.addPage();
    y = MARGIN;
    y += write(pdf, `${category} (continued)`, LEFT, y, WIDTH, { font: 'bold', size: 10 }) + 4;
    y = drawRow(pdf, header, y, { header: true });
    return true;
  };

  if (register.licence) {
    const licence = register.licence;
    y += write(pdf, 'PESO licence', LEFT, y, WIDTH, { font: 'bold', size: 10 }) + 4;
    y = drawRow(pdf, header, y, { header: true });
    y = drawRow(pdf, ['1', 'Licence to store petroleum', outlet.pesoLicenceNumber ?? '', '', ...taskCells(licence)], y);
    y += 12;
  }
  const categories = new Map<ComplianceCategoryKey, Register['assets']>();
  for (const asset of register.assets) {
    categories.set(asset.complianceCategory, [...(categories.get(asset.complianceCategory) ?? []), asset]);
  }
  if (categories.size === 0) write(pdf, 'No equipment is recorded at this outlet.', LEFT, y, WIDTH);
  for (const [category, assets] of categories) {
    const label = COMPLIANCE_CATEGORY_LABELS[category];
    // A category's heading never stands alone at the foot of a page.
    if (y + 60 > BOTTOM) {
      pdf.addPage();
      y = MARGIN;
    }
    y += write(pdf, label, LEFT, y, WIDTH, { font: 'bold', size: 10 }) + 4;
    y = drawRow(pdf, header, y, { header: true });
    assets.forEach((asset, index) => {
      const equipment = [String(index + 1), assetName(asset, { serial: false }), asset.serialNumber ?? 'not recorded'];
      const first = [...equipment, indianDay(asset.installedOn)];
      const rows = asset.tasks.length > 0 ? asset.tasks.map(taskCells) : [['No compliance task', '', '', '', '', '']];
      rows.forEach((cells, i) => {
        // An asset's cells on its first row, and again on the first row of a new page.
        const fresh = room(rowHeight(pdf, [...first, ...cells]), label);
        y = drawRow(pdf, [...(i === 0 || fresh ? first : ['', '', '', '']), ...cells], y);
      });
    });
    y += 12;
  }
  drawFooters(pdf, outlet, today);
  pdf.end();
  return done;
}

/** GET /api/business/outlets/{id}/register.pdf: the register seen on today in India, for anyone of the business. */
export async function outletRegisterPdf(
  { db }: Pick<AppContext, 'db'>,
  userId: string,
  outletId: string,
  now = new Date(),
) {
  const membership = await memberOf(db, userId);
  const outlet = await outletOf(db, membership.businessId, outletId);
  const today = indiaDateOf(now);
  const pdf = await renderRegisterPdf(outlet, await registerOfOutlet(db, outlet, today), today);
  const fileName = `Register-${outlet.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${today}.pdf`;
  return { pdf, fileName };
}
