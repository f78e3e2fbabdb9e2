/**
 * The tax invoice / credit note PDF (CGST Rules 46 and 53; docs/decisions/0009-gst-tax-computation.md): each
 * example document is rendered and its text read back with a PDF text extractor, so the tests see what a reader
 * of the file sees: the right tax columns for the supply, the buyer's GSTIN, the credit note's reference, the
 * rupee sign and Indian figures, the amount in words, and a long order over several pages.
 */
import { createRequire } from 'node:module';
import { create as createFont } from 'fontkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { documentTotalPaise, type DocumentLine, type TaxDocument } from '@pumpkart/shared';
import { formatIndianDate, formatPaiseIndian, formatRupees, renderTaxDocumentPdf } from './pdf';
import {
  B2B,
  buildTaxDocument,
  BUYER_PUNE,
  CREDIT_NOTE,
  INTER_STATE,
  INTRA_STATE,
  LARGE_TOTAL,
  LONG_ORDER,
  PDF_FIXTURES,
  UNION_TERRITORY,
} from './pdf-fixtures';

interface Rendered {
  bytes: Buffer;
  pages: string[];
  /** All pages, whitespace collapsed to single spaces. */
  text: string;
  pageSizes: number[][];
}

const cache = new Map<TaxDocument, Promise<Rendered>>();

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

async function render(doc: TaxDocument): Promise<Rendered> {
  let rendered = cache.get(doc);
  if (!rendered) {
    rendered = (async () => {
      const bytes = await renderTaxDocumentPdf(doc);
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      const { text } = await extractText(pdf, { mergePages: false });
      const pageSizes: number[][] = [];
      for (let i = 1; i <= pdf.numPages; i += 1) pageSizes.push((await pdf.getPage(i)).view);
      const pages = text.map(squash);
      return { bytes, pages, text: pages.join(' '), pageSizes };
    })();
    cache.set(doc, rendered);
  }
  return rendered;
}

/** A table row as it reads: taxable value, rate, the tax amounts, total. */
function rowText(doc: TaxDocument, line: DocumentLine): string {
  const taxes =
    doc.supplyType === 'inter-state'
      ? [line.igstPaise]
      : [line.cgstPaise, doc.stateTax === 'UTGST' ? line.utgstPaise : line.sgstPaise];
  const rate =
    doc.supplyType === 'inter-state' ? `${line.ratePercent}%` : `${line.ratePercent / 2}% + ${line.ratePercent / 2}%`;
  return [line.taxablePaise, rate, ...taxes, line.inclusivePaise]
    .map((value) => (typeof value === 'number' ? formatPaiseIndian(value) : value))
    .join(' ');
}

describe('formatting', () => {
  it('writes paise with Indian grouping and 2 decimals', () => {
    expect(formatPaiseIndian(0)).toBe('0.00');
    expect(formatPaiseIndian(5)).toBe('0.05');
    expect(formatPaiseIndian(999_99)).toBe('999.99');
    expect(formatPaiseIndian(1_000_00)).toBe('1,000.00');
    expect(formatPaiseIndian(12_345_67)).toBe('12,345.67');
    expect(formatPaiseIndian(1_00_000_00)).toBe('1,00,000.00');
    expect(formatPaiseIndian(1_23_45_678_90)).toBe('1,23,45,678.90');
    expect(formatPaiseIndian(123_45_67_890_12)).toBe('1,23,45,67,890.12');
    expect(formatRupees(1_23_45_678_90)).toBe('₹1,23,45,678.90');
  });

  it('writes the date in India as dd-mm-yyyy', () => {
    expect(formatIndianDate('2026-05-14T09:15:27.000Z')).toBe('14-05-2026');
    // 23:30 UTC on 31 March is already 1 April in India
    expect(formatIndianDate('2026-03-31T23:30:00Z')).toBe('01-04-2026');
    expect(formatIndianDate('2026-03-31T18:29:59Z')).toBe('31-03-2026');
  });
});

describe('renderTaxDocumentPdf', () => {
  it.each(Object.entries(PDF_FIXTURES))('%s: an A4 PDF with every particular of the document', async (_name, doc) => {
    const { bytes, text, pageSizes } = await render(doc);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const [, , width, height] of pageSizes) {
      expect(width).toBeCloseTo(595.28, 1);
      expect(height).toBeCloseTo(841.89, 1);
    }
    const invoice = doc.kind === 'invoice';
    expect(text).toContain(invoice ? 'TAX INVOICE' : 'CREDIT NOTE');
    expect(text).toContain(`${invoice ? 'Invoice number' : 'Credit note number'}: ${doc.number}`);
    expect(text).toContain(`${invoice ? 'Invoice date' : 'Credit note date'}: ${formatIndianDate(doc.issuedAt)}`);
    expect(text).toContain(`Order number: ${doc.order.number}`);
    // the seller
    expect(text).toContain(doc.seller.tradeName);
    expect(text).toContain(doc.seller.legalName);
    expect(text).toContain(`GSTIN: ${doc.seller.gstin} PAN: ${doc.seller.pan}`);
    expect(text).toContain(`E-mail: ${doc.seller.email} Phone: ${doc.seller.phone}`);
    expect(text).toContain(doc.seller.address.line1);
    // place of supply and reverse charge
    expect(text).toContain(`Place of supply: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`);
    expect(text).toContain('Tax is payable on reverse charge: No');
    // the buyer, billed and shipped
    expect(text).toContain(doc.buyer.name);
    expect(text.split(doc.buyer.address.line1).length - 1).toBe(2);
    // every line: description, HSN code, and its figures in order
    for (const line of doc.lines) {
      expect(text).toContain(line.hsn);
      expect(text).toContain(rowText(doc, line));
      for (const certificate of line.certificates) expect(text).toContain(certificate);
    }
    if (doc.lines.some((line) => line.kind === 'delivery')) expect(text).toContain('Delivery charge');
    // totals, amount in words, signature
    expect(text).toContain(
      `${invoice ? 'Invoice total' : 'Credit note total'} ${formatRupees(documentTotalPaise(doc))}`,
    );
    expect(text).toContain(`Total GST ${formatRupees(doc.totals.taxPaise)}`);
    expect(text).toContain(doc.amountInWords);
    expect(text).toContain(`For ${doc.seller.legalName}`);
    expect(text).toContain(`Authorised Signatory: ${doc.seller.signatory}`);
  });

  it('intra-state: CGST and SGST amounts, no IGST column', async () => {
    const { text } = await render(INTRA_STATE);
    const t = INTRA_STATE.totals;
    expect(INTRA_STATE.supplyType).toBe('intra-state');
    // Each head's rate beside its amount (CGST Rule 46(l)): 9 % + 9 % on an 18 % line.
    expect(text).toContain('CGST + SGST rate CGST (₹) SGST (₹) Total (₹)');
    expect(text).toContain('7,625.42 9% + 9% 686.29 686.29 8,998.00');
    expect(text).toContain(
      `Total 6 ${formatPaiseIndian(t.taxablePaise)} ${formatPaiseIndian(t.cgstPaise)} ${formatPaiseIndian(t.sgstPaise)}`,
    );
    expect(text).toContain(`CGST ${formatRupees(t.cgstPaise)} SGST ${formatRupees(t.sgstPaise)}`);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('UTGST');
    // the summary by rate: 5 % and 18 %
    expect(text).toMatch(/5% 6,712\.86 167\.82 167\.82 335\.64/);
    expect(text).toMatch(/18% 10,505\.93 945\.53 945\.53 1,891\.06/);
    // The lines add up to 19,445.49; the buyer paid 19,445.50, so the invoice carries a round-off of a paisa.
    expect(INTRA_STATE.roundOffPaise).toBe(1);
    expect(text).toContain('Total GST ₹2,226.70 Round off ₹0.01 Invoice total ₹19,445.50');
    expect(text).toContain('Rupees Nineteen Thousand Four Hundred Forty-Five and Fifty Paise Only');
    // It says how its delivery charge was taxed.
    expect(INTRA_STATE.deliveryTaxMethod).toBe('highest-rate');
    expect(text).toContain('Delivery charge taxed at the highest GST rate of the goods.');
  });

  it('renders a document issued before equal halves with its own stored figures, and no round-off', async () => {
    // As stored then: the odd paisa in SGST, the lines adding up to the amount paid, no roundOffPaise.
    const { roundOffPaise: _none, ...rest } = INTRA_STATE;
    const t = INTRA_STATE.totals;
    const issuedBefore: TaxDocument = {
      ...rest,
      totals: { ...t, sgstPaise: t.sgstPaise + 1, taxPaise: t.taxPaise + 1, inclusivePaise: t.inclusivePaise + 1 },
    };
    const { text } = await render(issuedBefore);
    expect(text).toContain('Total GST ₹2,226.71 Invoice total ₹19,445.50');
    expect(text).not.toContain('Round off');
  });

  it('inter-state: one IGST column and no CGST or SGST', async () => {
    const { text } = await render(INTER_STATE);
    expect(INTER_STATE.supplyType).toBe('inter-state');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('IGST (₹) Total (₹)');
    expect(text).toContain(`IGST ${formatRupees(INTER_STATE.totals.igstPaise)}`);
    expect(text).not.toMatch(/CGST|SGST|UTGST/);
    expect(text).toContain('Payment: Cash on delivery');
  });

  it('a union territory without a legislature: CGST and UTGST', async () => {
    const { text } = await render(UNION_TERRITORY);
    const t = UNION_TERRITORY.totals;
    expect(UNION_TERRITORY.stateTax).toBe('UTGST');
    expect(text).toContain('Place of supply: Chandigarh (04)');
    expect(text).toContain('CGST + UTGST rate CGST (₹) UTGST (₹)');
    expect(text).toContain('2.5% + 2.5%');
    expect(text).toContain(`CGST ${formatRupees(t.cgstPaise)} UTGST ${formatRupees(t.utgstPaise)}`);
    expect(text).not.toMatch(/IGST|\bSGST/);
  });

  it("B2B: the buyer's business name and GSTIN; a consumer's invoice has no buyer GSTIN", async () => {
    const { text } = await render(B2B);
    expect(text).toContain('Shree Sai Fuels and Services GSTIN: 29AABCS7719Q1ZI Attn: Suresh Babu');
    expect(text.match(/GSTIN: /g)).toHaveLength(2);
    const consumer = await render(INTRA_STATE);
    expect(consumer.text.match(/GSTIN: /g)).toHaveLength(1);
    expect(consumer.text).not.toContain('Attn:');
  });

  it('a credit note: its own number, the invoice it corrects and why', async () => {
    const { text } = await render(CREDIT_NOTE);
    expect(text).toContain('CREDIT NOTE');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).toContain('Credit note number: CN/26-27/000007');
    expect(text).toContain('Original invoice number: PK/26-27/000123');
    expect(text).toContain('Original invoice date: 14-05-2026');
    expect(text).toContain('Reason: Order cancelled');
    expect(text).toContain('Credit note total ₹19,445.50');
    // the same tax split as the invoice
    const invoice = await render(INTRA_STATE);
    for (const line of CREDIT_NOTE.lines) expect(invoice.text).toContain(rowText(CREDIT_NOTE, line));
  });

  it('a total in crores: Indian grouping with the rupee sign, and the words', async () => {
    const { text } = await render(LARGE_TOTAL);
    expect(LARGE_TOTAL.totals.inclusivePaise).toBe(1_23_45_678_90);
    expect(text).toContain('Invoice total ₹1,23,45,678.90');
    expect(text).toContain(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    );
    expect(text).toContain(`Total 42 ${formatPaiseIndian(LARGE_TOTAL.totals.taxablePaise)} `);
    expect(text).toContain('1,23,00,000.00');
  });

  it('keeps the rupee sign: the embedded DejaVu font has the glyph, and it reads back as ₹', async () => {
    const { bytes, text } = await render(LARGE_TOTAL);
    expect(text).toContain('₹1,23,45,678.90');
    expect(text).toContain('₹3,00,000.00 per unit, GST included');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed-Bold\b/);
    expect(raw).not.toContain('Helvetica');
    const require = createRequire(import.meta.url);
    const font = createFont(
      (await import('node:fs')).readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    );
    expect('hasGlyphForCodePoint' in font && font.hasGlyphForCodePoint(0x20b9)).toBe(true);
  });

  it('a 60-line order runs over pages, repeating the table header, with every line and one total', async () => {
    const { pages, text } = await render(LONG_ORDER);
    expect(LONG_ORDER.lines).toHaveLength(61);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain('# Description of goods or services HSN/SAC Qty Unit');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toContain('TAX INVOICE PK/26-27/000127 (continued)');
    });
    for (let item = 1; item <= 60; item += 1) expect(text).toContain(`(item ${item})`);
    expect(text.match(/Invoice total ₹/g)).toHaveLength(1);
    expect(pages.at(-1)).toContain(`Invoice total ${formatRupees(documentTotalPaise(LONG_ORDER))}`);
    expect(pages.at(-1)).toContain('Authorised Signatory: Anjali Deshpande');
  });

  it('is deterministic: the same document gives the same bytes, dated by its issue', async () => {
    const first = await renderTaxDocumentPdf(INTRA_STATE);
    const second = await renderTaxDocumentPdf(INTRA_STATE);
    expect(first.equals(second)).toBe(true);
    // the creation date (an indirect string object) is the moment of issue, not the moment of rendering
    expect(first.toString('latin1')).toContain('(D:20260514091527Z)');
  });

  it('prints the IRN when the document has one', async () => {
    const doc = { ...INTRA_STATE, irn: 'a1b2c3d4e5f6'.repeat(5) + 'abcd' };
    const { text } = await render(doc);
    expect(text).toContain(`IRN: ${doc.irn}`);
    expect((await render(INTRA_STATE)).text).not.toContain('IRN');
  });

  it('dates an invoice issued late on 31 March (UTC) on 1 April, the date in India', async () => {
    const doc = buildTaxDocument({
      number: 'PK/26-27/000001',
      issuedAt: '2026-03-31T23:30:00.000Z',
      buyer: BUYER_PUNE,
      items: [
        { description: 'Cat litter, 10 l', hsn: '38249900', quantity: 1, ratePercent: 18, unitPricePaise: 599_00 },
      ],
    });
    const { text } = await render(doc);
    expect(text).toContain('Invoice date: 01-04-2026');
    expect(text).toContain('Rupees Five Hundred Ninety-Nine Only');
    expect(text).not.toContain('Delivery charge');
  });
});
