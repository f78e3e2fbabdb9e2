/**
 * What an admin's order status change writes to the register (docs/shop-rules.md#assets), inside its transaction:
 * `shipped` keeps the serial numbers given per line (one per unit) on the order's lines; `delivered` makes one
 * asset per delivered unit of equipment of an order delivered to a business's outlet, installed on the day of
 * delivery in India.
 */
import { ASSET_MESSAGES, indiaDateOf, type LineSerials, type OrderStatus } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { findOrderLines, insertDeliveredAssets, setLineSerials } from './store';

export async function recordAssetsOfStatusChange(
  tx: DbOrTx,
  { orderId, status, serials, now }: { orderId: string; status: OrderStatus; serials?: LineSerials; now: Date },
): Promise<void> {
  if (status === 'shipped' && serials && serials.length > 0) await saveSerials(tx, orderId, serials);
  if (status === 'delivered') await insertDeliveredAssets(tx, orderId, indiaDateOf(now));
}

/** Each line's serial numbers as given (blank ones kept as '' to hold their unit's place); 400 for a wrong line. */
async function saveSerials(tx: DbOrTx, orderId: string, serials: LineSerials): Promise<void> {
  const lines = new Map((await findOrderLines(tx, orderId)).map((line) => [line.id, line]));
  for (const { itemId, serialNumbers } of serials) {
    const line = lines.get(itemId);
    if (!line) throw new BadRequestError(ASSET_MESSAGES.serialItemNotInOrder);
    if (serialNumbers.length > line.quantity) {
      throw new BadRequestError(ASSET_MESSAGES.tooManySerials(line.title, line.quantity));
    }
    await setLineSerials(tx, itemId, serialNumbers);
  }
}
