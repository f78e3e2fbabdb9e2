/**
 * The products CSV export (docs/shop-rules.md#products-csv): every product of the admin list's filtered view, in
 * its order, read EXPORT_BATCH_SIZE products at a time by keyset (each batch with its variants and images in two
 * more queries), as the rows of csv-format.ts. Only one batch is held at a time, whatever the catalog's size.
 */
import { INDIA_TIME_ZONE, type AdminProductListQuery } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { keysetBatches } from '../../lib/keyset-batches';
import { findAdminListBatch } from './store/admin-queries';
import { productCsvRows } from './csv-format';
import { toProductDtos } from './store/catalog';
import { taxDataOf } from './store/tax-data';

export const EXPORT_BATCH_SIZE = 500;

type ExportFilter = Omit<AdminProductListQuery, 'page' | 'limit'>;

/** The export's rows, a batch of products at a time. */
export async function* productCsvBatches(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  query: ExportFilter,
): AsyncGenerator<string[][]> {
  const readBatch = (after: string[] | undefined, size: number) => findAdminListBatch(ctx.db, query, after, size);
  for await (const rows of keysetBatches(readBatch, (row) => row.position, EXPORT_BATCH_SIZE)) {
    const dtos = await toProductDtos(ctx.db, ctx.storage, rows);
    yield dtos.flatMap((dto, index) => productCsvRows({ ...dto, ...taxDataOf(rows[index]!) }));
  }
}

/** 'products-2026-11-25.csv', the day in India. */
export function productCsvFileName(now = new Date()): string {
  return `products-${new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(now)}.csv`;
}
