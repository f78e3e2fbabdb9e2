/** What a products CSV import judged or did (docs/shop-rules.md#products-csv): its summary and its rows' reports. */
import { PRODUCT_IMPORT_REPORT_CAP, type ImportRowReport, type ImportSummary } from '@pumpkart/shared';
import type { ProductPlan } from './csv-plan';

/** Products per action, and the rows of the file. */
export function summaryOf(plans: readonly ProductPlan[]): ImportSummary {
  const summary: ImportSummary = { rows: 0, products: plans.length, create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const plan of plans) {
    summary.rows += plan.lines.length;
    summary[plan.action] += 1;
  }
  return summary;
}

/**
 * A report per row: a product's reasons on its first row, a row's own on it, and on the other rows of a refused
 * product that they go with it. Every refused row first (up to the cap), then the others while room is left.
 */
export function rowReports(plans: readonly ProductPlan[]): { rows: ImportRowReport[]; truncated: boolean } {
  const refused: ImportRowReport[] = [];
  const others: ImportRowReport[] = [];
  let total = 0;
  for (const plan of plans) {
    const [firstLine] = plan.lines;
    for (const line of plan.lines) {
      total += 1;
      const own = plan.lineReasons.get(line) ?? [];
      let reasons = line === firstLine ? [...plan.reasons, ...own] : own;
      if (plan.action === 'refused' && reasons.length === 0) {
        reasons = [`Refused with the rest of its product (row ${firstLine}).`];
      }
      const report: ImportRowReport = {
        row: line,
        action: plan.action,
        title: plan.title,
        productId: plan.productId,
        reasons,
      };
      if (plan.notice && line === firstLine && plan.action !== 'refused') report.notice = plan.notice;
      if (plan.action === 'refused') {
        if (refused.length < PRODUCT_IMPORT_REPORT_CAP) refused.push(report);
      } else if (others.length < PRODUCT_IMPORT_REPORT_CAP) others.push(report);
    }
  }
  const rows = [...refused, ...others.slice(0, PRODUCT_IMPORT_REPORT_CAP - refused.length)].sort(
    (a, b) => a.row - b.row,
  );
  return { rows, truncated: rows.length < total };
}
