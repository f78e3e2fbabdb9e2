/**
 * Checkout for a business person (docs/shop-rules.md#business-accounts): the order goes to one of the business's
 * outlets, chosen here instead of an address; a viewer is told they cannot place orders.
 */
import { Link } from 'react-router';
import { BUSINESS_MESSAGES, type OutletDto } from '@pumpkart/shared';
import { formatAddress } from '../../lib/address';
import { paths } from '../../config/paths';
import { RADIO_ROW, SECTION_TITLE } from './checkout-fieldsets';

export function OutletFieldset({
  formId,
  busy,
  outlets,
  outletId,
  setOutletId,
}: {
  formId: string;
  busy: boolean;
  outlets: readonly OutletDto[];
  outletId: string | undefined;
  setOutletId: (id: string) => void;
}) {
  return (
    <fieldset className="space-y-3" disabled={busy}>
      <legend className={SECTION_TITLE}>Deliver to outlet</legend>
      {outlets.length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          Your business has no outlets yet. Its admin adds them on the{' '}
          <Link to={paths.business} className="underline">
            Business
          </Link>{' '}
          page.
        </p>
      )}
      {outlets.map((outlet) => (
        <label key={outlet._id} className={RADIO_ROW}>
          <input
            type="radio"
            name={`${formId}-outlet`}
            checked={outletId === outlet._id}
            onChange={() => setOutletId(outlet._id)}
            className="mt-1"
          />
          <span className="min-w-0 text-sm">
            <span className="block font-medium text-slate-900">
              {outlet.name} · {outlet.brand}
            </span>
            <span className="block break-words text-slate-600">{formatAddress(outlet.address)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Why a viewer cannot go on: checkout's words unless another is given (a request for quote's). */
export function ViewerNotice({
  onClose,
  message = BUSINESS_MESSAGES.viewerCannotBuy,
}: {
  onClose: () => void;
  message?: string;
}) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
        {message}
      </p>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
        >
          Close
        </button>
      </div>
    </div>
  );
}
