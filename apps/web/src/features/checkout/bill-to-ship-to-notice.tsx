/**
 * The checkout's warning before payment when the buyer's GSTIN is registered in another state than the delivery
 * address (docs/storefront.md#checkout, docs/decisions/0025-bill-to-ship-to-and-e-way-bills.md): the tax is the
 * delivery state's and the input tax credit goes with it. Shown as the buyer types; it blocks nothing.
 */
import { GST_MESSAGES, gstinStateMismatch } from '@pumpkart/shared';

export function BillToShipToNotice({ gstin, deliveryState }: { gstin: string; deliveryState: string | undefined }) {
  const mismatch = gstinStateMismatch(gstin, deliveryState);
  if (!mismatch) return null;
  const { gstinState, deliveryState: delivery } = mismatch;
  return (
    <div
      role="status"
      data-testid="bill-to-ship-to"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-semibold">{GST_MESSAGES.billToShipToTitle}</p>
      <p className="mt-1">
        {GST_MESSAGES.billToShipTo(gstinState.name, gstinState.code, delivery.name, delivery.code)}
      </p>
    </div>
  );
}
