/**
 * The summaries a GST return needs from taxed lines (of one invoice or of many): the figures per rate, and per
 * HSN code and rate as in the HSN summary of GSTR-1. Both only add up lines, so they sum to the invoice totals
 * to the paisa (docs/decisions/0009-gst-tax-computation.md).
 */
import { sumTaxAmounts, type GstRate, type TaxAmounts, type TaxedLine } from './tax';

export interface RateSummaryRow extends TaxAmounts {
  ratePercent: GstRate;
}

export interface HsnSummaryRow extends TaxAmounts {
  hsn: string;
  /** The description of the first goods line with this HSN code and rate. */
  description: string;
  /** Units of goods; delivery lines add none. */
  quantity: number;
  ratePercent: GstRate;
}

function groupBy<K>(lines: readonly TaxedLine[], keyOf: (line: TaxedLine) => K): Map<K, TaxedLine[]> {
  const groups = new Map<K, TaxedLine[]>();
  for (const line of lines) {
    const group = groups.get(keyOf(line));
    if (group) group.push(line);
    else groups.set(keyOf(line), [line]);
  }
  return groups;
}

/** Taxable value and taxes per rate, lowest rate first. */
export function taxSummaryByRate(lines: readonly TaxedLine[]): RateSummaryRow[] {
  const groups = groupBy(lines, (line) => line.ratePercent);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ratePercent, group]) => ({ ratePercent, ...sumTaxAmounts(group) }));
}

/** Quantity, taxable value and taxes per HSN code and rate, ordered by HSN code then rate. */
export function hsnSummary(lines: readonly TaxedLine[]): HsnSummaryRow[] {
  const groups = groupBy(lines, (line) => `${line.hsn}|${line.ratePercent}`);
  return [...groups.values()]
    .map((group) => {
      const named = group.find((line) => line.kind === 'goods') ?? group[0];
      return {
        hsn: group[0].hsn,
        description: named.description,
        quantity: group.reduce((sum, line) => sum + line.quantity, 0),
        ratePercent: group[0].ratePercent,
        ...sumTaxAmounts(group),
      };
    })
    .sort((a, b) => (a.hsn === b.hsn ? a.ratePercent - b.ratePercent : a.hsn < b.hsn ? -1 : 1));
}
