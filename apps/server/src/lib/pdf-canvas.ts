/**
 * The A4 page the PDFs are drawn on (tax documents, the outlet register): fonts, geometry and ink, and the few
 * drawing primitives every part uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { create as CreateFont, Font } from 'fontkit';
import type PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

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

export async function fonts(): Promise<Record<FontName, Font>> {
  if (!fontCache) {
    const { create } = await import('fontkit');
    fontCache = { regular: loadFont(create, FONT_FILES.regular), bold: loadFont(create, FONT_FILES.bold) };
  }
  return fontCache;
}

// ---------------------------------------------------------------------------------------------------------------
// Page geometry and style (points; A4 is 595.28 x 841.89).

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 36;
export const LEFT = MARGIN;
export const RIGHT = PAGE.width - MARGIN;
export const WIDTH = RIGHT - LEFT;
/** Room kept at the foot of every page for the page number line. */
const FOOTER_HEIGHT = 26;
export const BOTTOM = PAGE.height - MARGIN - FOOTER_HEIGHT;

export const INK = '#111111';
export const MUTED = '#4a4f57';
export const RULE = '#8c929c';
export const FILL = '#e9edf2';
export const CELL_PAD_X = 3;
export const CELL_PAD_Y = 3;
export const BODY_SIZE = 8;
export const SMALL_SIZE = 6.6;

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Writes text at a point inside a width and answers its height; the caller keeps the position. */
export function write(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  pdf
    .font(style.font ?? 'regular')
    .fontSize(style.size ?? BODY_SIZE)
    .fillColor(style.color ?? INK);
  const options = { width, align: style.align ?? 'left', lineGap: 0.6 } as const;
  pdf.text(text, x, y, options);
  return pdf.heightOfString(text, options);
}

export function measure(pdf: Pdf, text: string, width: number, style: TextStyle = {}): number {
  pdf.font(style.font ?? 'regular').fontSize(style.size ?? BODY_SIZE);
  return pdf.heightOfString(text, { width, lineGap: 0.6 });
}

export function hLine(pdf: Pdf, y: number, x1 = LEFT, x2 = RIGHT, color = RULE, width = 0.6): void {
  pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

export function vLine(pdf: Pdf, x: number, y1: number, y2: number): void {
  pdf.moveTo(x, y1).lineTo(x, y2).lineWidth(0.6).strokeColor(RULE).stroke();
}

export function box(pdf: Pdf, x: number, y: number, width: number, height: number, fill?: string): void {
  if (fill) pdf.rect(x, y, width, height).fillColor(fill).fill();
  pdf.rect(x, y, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
}
