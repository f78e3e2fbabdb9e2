/** How the Customers page words a customer's fields (docs/shop-rules.md#customers-page). */
import type { CustomerDto } from '@pumpkart/shared';

/** A business on no list buys at list prices; a person always does, so the column shows a dash. */
export const priceListText = (row: CustomerDto) =>
  row.priceList ? row.priceList.name : row.kind === 'business' ? 'List prices' : '—';
