import { describe, expect, it } from 'vitest';
import { toPaise, type Gstr1Table, type TaxDocument } from '@pumpkart/shared';
import { gstnPlaceOfSupply, gstr1Csv } from './gstr1';
import { BUYER_PUNE, buildTaxDocument } from './pdf-fixtures';

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
