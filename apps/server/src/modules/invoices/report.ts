/**
 * The GST report of one month (docs/shop-rules.md#gst-report): the tax invoices, credit and debit notes issued in that
 * calendar month in India, read a page at a time from their stored snapshots, and their totals per GST rate, net
 * of credit notes and with debit notes, and for business (B2B, with a GSTIN) and consumer (B2C) buyers. Everything is added up in
 * paise from the documents' lines, which add up to each document's totals exactly
 * (docs/decisions/0009-gst-tax-computation.md), so the report reconciles to the paisa with the documents.
 */
import {
  sumTaxAmounts,
  taxSummaryByRate,
  toRupees,
  type GstAmounts,
  type GstRate,
  type GstRateRow,
  type GstReport,
  type TaxAmounts,
  type TaxDocument,
  type TaxedLine,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { documentsIssuedIn } from './store/documents';

/** The month's documents: invoices, and the credit and debit notes that correct them (CGST Act s.34). */
const DOCUMENT_KINDS: TaxDocument['kind'][] = ['invoice', 'credit-note', 'debit-note'];

/** A calendar month in India: from its first moment up to (not including) the next month's first moment. */
export interface MonthRange {
  month: string;
  from: Date;
  to: Date;
}

/** India keeps +05:30 all year (no daylight saving), so a month in India is a fixed-offset range. */
export function monthRange(month: string): MonthRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return {
    month,
    from: new Date(`${month}-01T00:00:00+05:30`),
    to: new Date(`${next}-01T00:00:00+05:30`),
  };
}

/** Nothing to read: the report of no seller. */
export async function* noDocuments(): AsyncGenerator<TaxDocument> {}

export const ZERO_AMOUNTS: TaxAmounts = sumTaxAmounts([]);

/** a - b, field by field. */
export function subtractAmounts(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    utgstPaise: a.utgstPaise - b.utgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    taxPaise: a.taxPaise - b.taxPaise,
    inclusivePaise: a.inclusivePaise - b.inclusivePaise,
  };
}

/** Amounts in rupees, as the API answers them (docs/shop-rules.md#money). */
export const inRupees = (amounts: TaxAmounts): GstAmounts => ({
  taxable: toRupees(amounts.taxablePaise),
  cgst: toRupees(amounts.cgstPaise),
  sgst: toRupees(amounts.sgstPaise),
  utgst: toRupees(amounts.utgstPaise),
  igst: toRupees(amounts.igstPaise),
  tax: toRupees(amounts.taxPaise),
  total: toRupees(amounts.inclusivePaise),
});

/** Amounts added up per rate. */
class ByRate {
  private readonly rates = new Map<GstRate, TaxAmounts>();

  add(lines: readonly TaxedLine[]): void {
    for (const row of taxSummaryByRate(lines)) {
      this.rates.set(row.ratePercent, sumTaxAmounts([this.rates.get(row.ratePercent) ?? ZERO_AMOUNTS, row]));
    }
  }

  get(rate: GstRate): TaxAmounts {
    return this.rates.get(rate) ?? ZERO_AMOUNTS;
  }

  rateList(): GstRate[] {
    return [...this.rates.keys()];
  }

  total(): TaxAmounts {
    return sumTaxAmounts([...this.rates.values()]);
  }
}

const rateRows = (rates: readonly GstRate[], amountsOf: (rate: GstRate) => TaxAmounts): GstRateRow[] =>
  [...new Set(rates)].sort((a, b) => a - b).map((rate) => ({ rate, ...inRupees(amountsOf(rate)) }));

/**
 * The month's totals of the seller `gstin` (GET /api/admin/gst-report); `gstins` are the seller GSTINs with
 * documents in the month. No GSTIN (no store details, no documents): all zeros.
 */
export async function gstReport(
  db: DbOrTx,
  month: string,
  gstin: string | null,
  gstins: readonly string[],
): Promise<GstReport> {
  const range = monthRange(month);
  const kinds = { invoice: new ByRate(), 'credit-note': new ByRate(), 'debit-note': new ByRate() };
  const emptySide = () => ({
    invoice: [] as TaxAmounts[],
    'credit-note': [] as TaxAmounts[],
    'debit-note': [] as TaxAmounts[],
  });
  const split = { b2b: emptySide(), b2c: emptySide() };
  const documents = gstin ? documentsIssuedIn(db, range, gstin, DOCUMENT_KINDS) : noDocuments();
  for await (const document of documents) {
    kinds[document.kind].add(document.lines);
    split[document.buyer.gstin ? 'b2b' : 'b2c'][document.kind].push(document.totals);
  }

  const { invoice: invoices, 'credit-note': credits, 'debit-note': debits } = kinds;
  const count = (kind: TaxDocument['kind']) => split.b2b[kind].length + split.b2c[kind].length;
  const documentSet = (kind: TaxDocument['kind']) => ({
    count: count(kind),
    byRate: rateRows(kinds[kind].rateList(), (rate) => kinds[kind].get(rate)),
    totals: inRupees(kinds[kind].total()),
  });
  const netOf = (invoiced: TaxAmounts, credited: TaxAmounts, debited: TaxAmounts) =>
    sumTaxAmounts([subtractAmounts(invoiced, credited), debited]);
  const buyers = (side: ReturnType<typeof emptySide>) => {
    const invoiced = sumTaxAmounts(side.invoice);
    const credited = sumTaxAmounts(side['credit-note']);
    const debited = sumTaxAmounts(side['debit-note']);
    return {
      invoiceCount: side.invoice.length,
      creditNoteCount: side['credit-note'].length,
      debitNoteCount: side['debit-note'].length,
      invoices: inRupees(invoiced),
      creditNotes: inRupees(credited),
      debitNotes: inRupees(debited),
      net: inRupees(netOf(invoiced, credited, debited)),
    };
  };
  return {
    month,
    gstin,
    gstins: [...gstins],
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    invoices: documentSet('invoice'),
    creditNotes: documentSet('credit-note'),
    debitNotes: documentSet('debit-note'),
    net: {
      byRate: rateRows([...invoices.rateList(), ...credits.rateList(), ...debits.rateList()], (rate) =>
        netOf(invoices.get(rate), credits.get(rate), debits.get(rate)),
      ),
      totals: inRupees(netOf(invoices.total(), credits.total(), debits.total())),
    },
    b2b: buyers(split.b2b),
    b2c: buyers(split.b2c),
  };
}
