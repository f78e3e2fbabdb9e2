/**
 * The GSTR-1 JSON (gstr1/json.ts): valid against the schema written from the portal's format
 * (gstr1-json.schema.json, docs/decisions/0026-gstr1-json.md), and reconciling to the paisa with the CSV files of
 * the same documents, for a generated month of invoices and credit notes of every class.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toPaise, type GstRate, type Gstr1Table, type TaxDocument } from '@pumpkart/shared';
import { BUYER_B2B, BUYER_BENGALURU, BUYER_CHANDIGARH, BUYER_PUNE, buildTaxDocument } from '../pdf-fixtures';
import { gstr1Csv } from '.';
import { gstr1Json, returnPeriod, type ReadDocuments } from './json';

const SCHEMA = JSON.parse(readFileSync(new URL('./gstr1-json.schema.json', import.meta.url), 'utf8')) as object;
// Amounts are checked to be whole paise; the precision absorbs a float's last bits (0.1 * 3).
const validate = new Ajv({ allErrors: true, multipleOfPrecision: 6 }).compile(SCHEMA);

const SELLER_GSTIN = '27AAHCP4821K1Z6';
const BUYERS = [BUYER_PUNE, BUYER_BENGALURU, BUYER_CHANDIGARH, BUYER_B2B];
const GOODS: { hsn: string; rate: GstRate; pricePaise: number }[] = [
  { hsn: '84131100', rate: 18, pricePaise: 4_12_345_67 },
  { hsn: '84139190', rate: 18, pricePaise: 4_499_00 },
  { hsn: '62114390', rate: 5, pricePaise: 525_00 },
  { hsn: '23091000', rate: 18, pricePaise: 1_299_99 },
  { hsn: '40093100', rate: 18, pricePaise: 37_50 },
];

/** A small deterministic generator (mulberry32), so that a failure can be replayed: a whole number below n. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

/** A month of `count` invoices to every kind of buyer, some large, and credit notes of every fourth. */
function generatedMonth(count: number, seed = 7): TaxDocument[] {
  const pick = random(seed);
  const invoices: TaxDocument[] = [];
  const notes: TaxDocument[] = [];
  for (let i = 1; i <= count; i += 1) {
    const items = Array.from({ length: 1 + pick(3) }, (_, index) => {
      const goods = GOODS[pick(GOODS.length)]!;
      return {
        description: `Item ${i}.${index}`,
        hsn: goods.hsn,
        quantity: 1 + pick(4),
        ratePercent: goods.rate,
        unitPricePaise: goods.pricePaise + pick(1000),
      };
    });
    const input = {
      number: `PK/26-27/${String(i).padStart(6, '0')}`,
      issuedAt: new Date(Date.UTC(2026, 10, 1 + (i % 28), 6)).toISOString(),
      buyer: BUYERS[pick(BUYERS.length)]!,
      items,
      deliveryChargePaise: pick(2) * 149_00,
    };
    const invoice = buildTaxDocument(input);
    invoices.push(invoice);
    if (i % 4 === 0) {
      notes.push(
        buildTaxDocument({
          ...input,
          kind: 'credit-note',
          number: `CN/26-27/${String(notes.length + 1).padStart(6, '0')}`,
          issuedAt: new Date(Date.UTC(2026, 10, 29, 6)).toISOString(),
          reference: { number: invoice.number, issuedAt: invoice.issuedAt },
        }),
      );
    }
  }
  return [...invoices, ...notes];
}

const reader =
  (documents: readonly TaxDocument[]): ReadDocuments =>
  (kinds) =>
    (async function* () {
      for (const document of documents) if (kinds.includes(document.kind)) yield document;
    })();

/** The sum in paise of a CSV table's column (cells may be quoted: a description holds commas). */
async function csvSum(table: Gstr1Table, documents: readonly TaxDocument[], column: string): Promise<number> {
  let text = '';
  for await (const line of gstr1Csv(table, reader(documents)(['invoice', 'credit-note']))) text += line;
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  if (rows.length > 0) expect(Object.keys(rows[0]!), column).toContain(column);
  return rows.reduce((sum, row) => sum + toPaise(Number(row[column])), 0);
}

type Item = { itm_det: Record<string, number> };
const paise = (rupees: number | undefined) => toPaise(rupees ?? 0);
const itemSum = (documents: { itms: Item[] }[], key: string) =>
  documents.flatMap((document) => document.itms).reduce((sum, item) => sum + paise(item.itm_det[key]), 0);
const rowSum = (rows: Record<string, number>[], key: string) => rows.reduce((sum, row) => sum + paise(row[key]), 0);

describe("the GSTR-1 JSON: the portal's format", () => {
  const month = generatedMonth(60);

  it('is valid against the schema, with every table of the generated month in it', async () => {
    const file = await gstr1Json(SELLER_GSTIN, '2026-11', reader(month));
    const valid = validate(file);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(valid).toBe(true);
    expect(Object.keys(file)).toEqual(['gstin', 'fp', 'b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'doc_issue']);
    expect(file).toMatchObject({ gstin: SELLER_GSTIN, fp: '112026' });
  });

  it('reconciles with the CSV files of the same documents, table by table, to the paisa', async () => {
    const file = (await gstr1Json(SELLER_GSTIN, '2026-11', reader(month))) as unknown as {
      b2b: { inv: { itms: Item[]; val: number }[] }[];
      b2cl: { inv: { itms: Item[] }[] }[];
      b2cs: Record<string, number>[];
      cdnr: { nt: { itms: Item[] }[] }[];
      cdnur: { itms: Item[] }[];
      hsn: { hsn_b2b: Record<string, number>[]; hsn_b2c: Record<string, number>[] };
      doc_issue: { doc_det: { doc_num: number; docs: { totnum: number }[] }[] };
    };
    const taxable = 'Taxable Value';
    expect(
      itemSum(
        file.b2b.flatMap((group) => group.inv),
        'txval',
      ),
    ).toBe(await csvSum('b2b', month, taxable));
    expect(
      itemSum(
        file.b2cl.flatMap((group) => group.inv),
        'txval',
      ),
    ).toBe(await csvSum('b2cl', month, taxable));
    expect(rowSum(file.b2cs, 'txval')).toBe(await csvSum('b2cs', month, taxable));
    expect(
      itemSum(
        file.cdnr.flatMap((group) => group.nt),
        'txval',
      ),
    ).toBe(await csvSum('cdnr', month, taxable));
    expect(itemSum(file.cdnur, 'txval')).toBe(await csvSum('cdnur', month, taxable));
    for (const [rows, table] of [
      [file.hsn.hsn_b2b, 'hsn-b2b'],
      [file.hsn.hsn_b2c, 'hsn-b2c'],
    ] as const) {
      expect(rowSum(rows, 'txval')).toBe(await csvSum(table, month, taxable));
      expect(rowSum(rows, 'iamt')).toBe(await csvSum(table, month, 'Integrated Tax Amount'));
      expect(rowSum(rows, 'camt')).toBe(await csvSum(table, month, 'Central Tax Amount'));
      expect(rowSum(rows, 'samt')).toBe(await csvSum(table, month, 'State/UT Tax Amount'));
    }
    const counts = Object.fromEntries(
      file.doc_issue.doc_det.map((nature) => [nature.doc_num, nature.docs.reduce((n, docs) => n + docs.totnum, 0)]),
    );
    expect(counts).toEqual({ 1: 60, 5: 15 });
    // The whole: the sales less the notes, in the tables and in the HSN summary alike.
    const sales =
      itemSum(
        file.b2b.flatMap((group) => group.inv),
        'txval',
      ) +
      itemSum(
        file.b2cl.flatMap((group) => group.inv),
        'txval',
      ) +
      rowSum(file.b2cs, 'txval') -
      itemSum(
        file.cdnr.flatMap((group) => group.nt),
        'txval',
      ) -
      itemSum(file.cdnur, 'txval');
    expect(sales).toBe(rowSum(file.hsn.hsn_b2b, 'txval') + rowSum(file.hsn.hsn_b2c, 'txval'));
  });

  it('writes dates dd-mm-yyyy in India, the place of supply as its code, IGST or CGST + SGST by supply', async () => {
    const file = (await gstr1Json(SELLER_GSTIN, '2026-11', reader(month))) as {
      b2b: { inv: { idt: string; pos: string; itms: Item[] }[] }[];
    };
    const invoice = file.b2b[0]!.inv[0]!;
    expect(invoice.idt).toMatch(/^\d{2}-11-2026$/);
    expect(invoice.pos).toBe('29');
    expect(Object.keys(invoice.itms[0]!.itm_det).sort()).toEqual(['csamt', 'iamt', 'rt', 'txval']);
    expect(returnPeriod('2027-03')).toBe('032027');
  });

  it('carries the HSN summary and the documents issued even for a month with nothing, and the schema refuses junk', async () => {
    const empty = await gstr1Json(SELLER_GSTIN, '2026-10', reader([]));
    expect(empty).toEqual({
      gstin: SELLER_GSTIN,
      fp: '102026',
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    expect(validate(empty)).toBe(true);
    expect(validate({ ...empty, fp: '2026-10' })).toBe(false);
    expect(
      validate({
        ...empty,
        b2cs: [{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 1.005, camt: 0, samt: 0, csamt: 0 }],
      }),
    ).toBe(false);
    expect(
      validate({
        ...empty,
        b2cs: [{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 17, txval: 1, camt: 0, samt: 0, csamt: 0 }],
      }),
    ).toBe(false);
  });
});
