/**
 * A titled table that scrolls sideways inside its own box on narrow screens instead of widening
 * the page, so it stays usable on a tablet. Cells never wrap or clip their text, and no column is
 * pinned: a pinned (sticky) View column used to slide over the Placed and Txn ID cells at 800 px
 * and cut them off. An empty table shows one line of text across all columns.
 */
import type { ReactNode } from 'react';
import { totalLabel } from './use-table-state';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  emptyText: string;
  /**
   * The number of rows in all, when the table shows one page of them (by default, the rows shown); 1,000+ past the
   * cap. Not for a title that speaks of this page ("Products on this page"): its count is the rows shown.
   */
  count?: number;
}

export function DataTable<Row>({ title, columns, rows, rowKey, emptyText, count }: DataTableProps<Row>) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-800">
        {title} <span className="text-sm font-normal text-slate-500">({totalLabel(count ?? rows.length)})</span>
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="whitespace-nowrap bg-slate-50 px-4 py-2 font-semibold">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-500">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="group">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={`whitespace-nowrap px-4 py-2 group-hover:bg-slate-50 ${column.className ?? ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
