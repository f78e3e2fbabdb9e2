/**
 * The GSTR-1 tables that add documents up (docs/shop-rules.md#gst-report): b2cs (7), the other invoices to buyers
 * without a GSTIN per place of supply and rate, less the credit notes of such invoices issued in the month (GSTR-1
 * nets them here; a row may be negative); and the HSN summary (12), per HSN code and rate, invoices less credit
 * notes, described from the bundled HSN master (not the products' titles). The groups are in paise; the CSV rows here and the JSON (json.ts) are written from the same groups.
 */
import {
  hsnDescription,
  hsnSummary,
  sumTaxAmounts,
  taxSummaryByRate,
  type GstRate,
  type TaxAmounts,
  type TaxDocument,
  type TaxedLine,
} from '@pumpkart/shared';
import { csvAmount, textCell } from '../../../lib/csv-stream';
import { subtractAmounts, ZERO_AMOUNTS } from '../report';
import { classOf, csvRate, gstnPlaceOfSupply, sign, type Gstr1TableSpec } from './format';

export interface B2csGroup extends TaxAmounts {
  /** The place of supply's state code, e.g. '29'. */
  code: string;
  /** '29-Karnataka'. */
  pos: string;
  inter: boolean;
  rate: GstRate;
}

const negated = (amounts: TaxAmounts): TaxAmounts => subtractAmounts(ZERO_AMOUNTS, amounts);

/** The b2cs groups, by state code then rate; a group that nets to zero is left out. */
export async function b2csGroups(documents: AsyncIterable<TaxDocument>): Promise<B2csGroup[]> {
  const groups = new Map<string, B2csGroup>();
  for await (const document of documents) {
    if (classOf(document) !== 'b2cs') continue;
    for (const rate of taxSummaryByRate(document.lines)) {
      const key = `${document.placeOfSupply.code}|${rate.ratePercent}`;
      const group = groups.get(key) ?? {
        ...ZERO_AMOUNTS,
        code: document.placeOfSupply.code,
        pos: gstnPlaceOfSupply(document),
        inter: document.supplyType === 'inter-state',
        rate: rate.ratePercent,
      };
      const amounts = sign(document) === 1 ? rate : negated(rate);
      groups.set(key, { ...group, ...sumTaxAmounts([group, amounts]) });
    }
  }
  return [...groups.values()]
    .filter((group) => group.taxablePaise !== 0)
    .sort((a, b) => (a.code === b.code ? a.rate - b.rate : a.code < b.code ? -1 : 1));
}

export const b2cs: Gstr1TableSpec = {
  headings: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  kinds: ['invoice', 'credit-note', 'debit-note'],
  async *rows(documents) {
    for (const group of await b2csGroups(documents)) {
      yield ['OE', group.pos, '', csvRate(group.rate), csvAmount(group.taxablePaise), '0.00', ''];
    }
  },
};

export type HsnGroup = TaxAmounts & {
  hsn: string;
  rate: GstRate;
  quantity: number;
  goods: boolean;
};

/** Which buyers an HSN summary covers: business (b2b), consumers (b2c) or both. */
export type HsnScope = 'b2b' | 'b2c' | 'all';

const inScope = (scope: HsnScope, document: TaxDocument) =>
  scope === 'all' || (classOf(document) === 'b2b') === (scope === 'b2b');

/** Invoices less credit notes per HSN code and rate, of the buyers `scope` names; a row netting to zero is left out. */
export async function hsnGroups(documents: AsyncIterable<TaxDocument>, scope: HsnScope): Promise<HsnGroup[]> {
  const groups = new Map<string, HsnGroup>();
  for await (const document of documents) {
    if (!inScope(scope, document)) continue;
    const lines: readonly TaxedLine[] = document.lines;
    for (const row of hsnSummary(lines)) {
      const key = `${row.hsn}|${row.ratePercent}`;
      const goods = lines.some(
        (line) => line.kind === 'goods' && line.hsn === row.hsn && line.ratePercent === row.ratePercent,
      );
      const group: HsnGroup = groups.get(key) ?? {
        ...ZERO_AMOUNTS,
        hsn: row.hsn,
        rate: row.ratePercent,
        quantity: 0,
        goods: false,
      };
      const s = sign(document);
      const sum = sumTaxAmounts([group, s === 1 ? row : negated(row)]);
      groups.set(key, {
        ...group,
        ...sum,
        quantity: group.quantity + s * row.quantity,
        goods: group.goods || goods,
      });
    }
  }
  return [...groups.values()]
    .filter((group) => group.inclusivePaise !== 0 || group.quantity !== 0)
    .sort((a, b) => (a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1));
}

/**
 * Goods are counted in numbers; a delivery charge alone (no goods of its code and rate) is 'others'; a service's SAC
 * code (chapter 99, docs/shop-rules.md#service-products) has no unit: 'NA'.
 */
export const hsnUnit = (group: HsnGroup) => (isSacCode(group.hsn) ? 'NA' : group.goods ? 'NOS' : 'OTH');
const isSacCode = (code: string) => code.startsWith('99');
const UQC_TEXT = { NA: 'NA', NOS: 'NOS-NUMBERS', OTH: 'OTH-OTHERS' } as const;

const HSN_HEADINGS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

function hsnTable(scope: HsnScope): Gstr1TableSpec {
  return {
    headings: HSN_HEADINGS,
    kinds: ['invoice', 'credit-note', 'debit-note'],
    async *rows(documents) {
      for (const group of await hsnGroups(documents, scope)) {
        yield [
          group.hsn,
          textCell(hsnDescription(group.hsn)),
          UQC_TEXT[hsnUnit(group)],
          String(group.quantity),
          csvAmount(group.inclusivePaise),
          csvRate(group.rate),
          csvAmount(group.taxablePaise),
          csvAmount(group.igstPaise),
          csvAmount(group.cgstPaise),
          csvAmount(group.sgstPaise + group.utgstPaise),
          '0.00',
        ];
      }
    },
  };
}

export const hsnB2b = hsnTable('b2b');
export const hsnB2c = hsnTable('b2c');
export const hsnAll = hsnTable('all');
