import { describe, expect, it } from 'vitest';
import { documentTotalPaise, sumTaxAmounts, toPaise, type Gstr1Table, type TaxDocument } from '@pumpkart/shared';
import { gstnPlaceOfSupply, gstr1Csv } from './gstr1';
import {
  B2B,
  BUYER_BENGALURU,
  BUYER_PUNE,
  buildTaxDocument,
  CREDIT_NOTE,
  INTER_STATE,
  INTRA_STATE,
  LARGE_TOTAL,
  LONG_ORDER,
} from './pdf-fixtures';

async function* streamOf(documents: readonly TaxDocument[]) {
  yield* documents;
}

/** A CSV text as rows of cells: quoted cells with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

async function table(name: Gstr1Table, documents: readonly TaxDocument[]) {
  let text = '';
  for await (const line of gstr1Csv(name, streamOf(documents))) text += line;
  const [headings, ...rows] = parseCsv(text);
  const sum = (column: string) => {
    const index = headings!.indexOf(column);
    expect(index, column).toBeGreaterThanOrEqual(0);
    return rows.reduce((total, row) => total + toPaise(Number(row[index])), 0);
  };
  return { headings: headings!, rows, sum };
}

const LAKSHADWEEP = buildTaxDocument({
  number: 'PK/26-27/000130',
  issuedAt: '2026-11-05T06:00:00.000Z',
  buyer: { ...BUYER_PUNE, address: { ...BUYER_PUNE.address, city: 'Kavaratti', state: 'Lakshadweep' } },
  items: [{ description: 'Fuel nozzle', hsn: '84139190', quantity: 1, ratePercent: 18, unitPricePaise: 4_499_00 }],
});

/** Inter-state, to a consumer, above ₹1,00,000: a B2C large invoice. */
const CONSUMER_LARGE = buildTaxDocument({
  number: 'PK/26-27/000131',
  issuedAt: '2026-11-06T06:00:00.000Z',
  buyer: BUYER_BENGALURU,
  items: [{ description: 'Dispenser', hsn: '84131100', quantity: 3, ratePercent: 12, unitPricePaise: 49_999_00 }],
  deliveryChargePaise: 2_999_94,
});

describe('place of supply as the GSTN writes it', () => {
  it("writes Lakshadweep '31-Lakshdweep', as the GSTN's state master spells it", async () => {
    expect(LAKSHADWEEP.placeOfSupply).toEqual({ code: '31', name: 'Lakshadweep' });
    expect(gstnPlaceOfSupply(LAKSHADWEEP)).toBe('31-Lakshdweep');
    const b2cs = await table('b2cs', [LAKSHADWEEP]);
    expect(b2cs.rows).toEqual([['OE', '31-Lakshdweep', '', '18', '3812.71', '0.00', '']]);
  });

  it("writes the other names with '&' for 'and', as the master does", () => {
    const pos = (code: string, name: string) => gstnPlaceOfSupply({ placeOfSupply: { code, name } });
    expect(pos('01', 'Jammu and Kashmir')).toBe('01-Jammu & Kashmir');
    expect(pos('26', 'Dadra and Nagar Haveli and Daman and Diu')).toBe('26-Dadra & Nagar Haveli & Daman & Diu');
    expect(pos('35', 'Andaman and Nicobar Islands')).toBe('35-Andaman & Nicobar Islands');
    expect(pos('29', 'Karnataka')).toBe('29-Karnataka');
    expect(pos('97', 'Other Territory')).toBe('97-Other Territory');
  });
});

describe('hsn (table 12): described from the HSN master', () => {
  it("takes the master's description of the code, cut at 30 characters, not the product's title", async () => {
    const hsn = await table('hsn', [LAKSHADWEEP, CONSUMER_LARGE]);
    expect(hsn.rows.map((row) => [row[0], row[1]])).toEqual([
      ['84131100', 'Pumps for dispensing fuel or l'],
      ['84139190', 'Parts of pumps'],
    ]);
  });
});

describe('docs (table 13): the documents issued', () => {
  it('counts each nature of document and series, from the first number to the last, none cancelled', async () => {
    const renamed = { ...INTRA_STATE, number: 'PX/26-27/000127' }; // the invoice prefix changed within the month
    const secondNote = { ...CREDIT_NOTE, number: 'CN/26-27/000008' };
    const docs = await table('docs', [INTRA_STATE, INTER_STATE, B2B, LARGE_TOTAL, renamed, CREDIT_NOTE, secondNote]);
    expect(docs.headings).toEqual(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']);
    expect(docs.rows).toEqual([
      ['Invoices for outward supply', 'PK/26-27/000123', 'PK/26-27/000126', '4', '0'],
      ['Invoices for outward supply', 'PX/26-27/000127', 'PX/26-27/000127', '1', '0'],
      ['Credit Note', 'CN/26-27/000007', 'CN/26-27/000008', '2', '0'],
    ]);
  });

  it('has only its headings for a month without documents', async () => {
    expect((await table('docs', [])).rows).toEqual([]);
  });
});

describe('a month with round-offs still reconciles to the paisa', () => {
  const invoices = [INTRA_STATE, INTER_STATE, B2B, LARGE_TOTAL, LONG_ORDER, LAKSHADWEEP, CONSUMER_LARGE];

  it('b2b + b2cl + b2cs = the HSN summary; invoice values are what was charged', async () => {
    expect(invoices.filter((document) => document.roundOffPaise !== 0).length).toBeGreaterThan(0);
    const totals = sumTaxAmounts(invoices.map((document) => document.totals));
    const [b2b, b2cl, b2cs, hsn] = await Promise.all(
      (['b2b', 'b2cl', 'b2cs', 'hsn'] as const).map((name) => table(name, invoices)),
    );
    expect(b2b.sum('Taxable Value') + b2cl.sum('Taxable Value') + b2cs.sum('Taxable Value')).toBe(totals.taxablePaise);
    expect(hsn!.sum('Taxable Value')).toBe(totals.taxablePaise);
    expect(hsn!.sum('Integrated Tax Amount')).toBe(totals.igstPaise);
    expect(hsn!.sum('Central Tax Amount')).toBe(totals.cgstPaise);
    expect(hsn!.sum('State/UT Tax Amount')).toBe(totals.sgstPaise + totals.utgstPaise);
    expect(hsn!.sum('Total Value')).toBe(totals.inclusivePaise);
    // Each tax is its rate on the taxable value: CGST and SGST are equal on every line.
    for (const document of invoices) {
      for (const line of document.lines) expect(line.cgstPaise).toBe(line.sgstPaise + line.utgstPaise);
    }
    // The invoice value is the invoice's total, round-off included: what the buyer paid.
    expect(b2cl.rows.map((row) => row[0])).toEqual([CONSUMER_LARGE.number]);
    expect(toPaise(Number(b2cl.rows[0]![2]))).toBe(documentTotalPaise(CONSUMER_LARGE));
    expect(documentTotalPaise(CONSUMER_LARGE)).toBe(3 * 49_999_00 + 2_999_94);
    for (const row of b2b.rows) {
      const invoice = invoices.find((document) => document.number === row[2])!;
      expect(toPaise(Number(row[4]))).toBe(documentTotalPaise(invoice));
    }
  });
});
