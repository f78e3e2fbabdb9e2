/**
 * The business's outlets (docs/shop-rules.md#business-accounts): the delivery addresses its people order to, each
 * with its brand, dealer code and PESO licence (number and validity, docs/shop-rules.md#assets). The admin adds,
 * edits and removes them, and turns the e-mail reminders of each outlet's tasks falling due on or off
 * (docs/shop-rules.md#reminders); everyone else sees the list.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { OUTLET_BRANDS, outletBodySchema, outletRegisterPath, type Address, type OutletDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { AddressFields } from '../../shop/address/address-fields';
import { EMPTY_ADDRESS } from '../../lib/address';
import { useConfirm } from '../../ui/confirm-dialog';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { useRemoveOutletMutation, useSaveOutletMutation } from '../../shop/business/business-api';
import {
  dangerButton,
  errorsUnder,
  Field,
  fieldErrors,
  inputClass,
  primaryButton,
  secondaryButton,
  type FieldErrors,
} from './business-ui';

/** One line of an address, as the outlet list shows it. */
export const addressLine = (address: Address) =>
  [address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(', ');

export function OutletsSection({ outlets, manage }: { outlets: OutletDto[]; manage: boolean }) {
  const [editing, setEditing] = useState<OutletDto | 'new' | null>(null);
  const [removeOutlet] = useRemoveOutletMutation();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const { ask, dialog } = useConfirm();

  const remove = async (outlet: OutletDto) => {
    const sure = await ask({
      title: 'Remove outlet',
      message: `Remove the outlet ${outlet.name}? Orders can no longer be delivered to it.`,
      confirmLabel: 'Remove outlet',
      destructive: true,
    });
    if (!sure) return;
    try {
      await removeOutlet(outlet._id).unwrap();
      setOutcome({ ok: true, text: `Outlet ${outlet.name} removed.` });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not remove the outlet.') });
    }
  };

  return (
    <div className="space-y-3">
      {dialog}
      {outlets.length === 0 ? (
        <p className="text-sm text-slate-600">No outlets yet: an order is delivered to one of the outlets.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {outlets.map((outlet) => (
            <li key={outlet._id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {outlet.name} <span className="text-sm font-normal text-slate-600">· {outlet.brand}</span>
                  {outlet.dealerCode && (
                    <span className="text-sm font-normal text-slate-600"> · Dealer code {outlet.dealerCode}</span>
                  )}
                </p>
                <p className="break-words text-sm text-slate-700">{addressLine(outlet.address)}</p>
                {(outlet.pesoLicenceNumber || outlet.pesoLicenceValidUntil) && (
                  <p className="break-words text-sm text-slate-700">
                    PESO licence {outlet.pesoLicenceNumber ?? '(number not entered)'}
                    {outlet.pesoLicenceValidUntil && <> · valid until {outlet.pesoLicenceValidUntil}</>}
                  </p>
                )}
                {!outlet.remindersEnabled && (
                  <p className="text-sm text-slate-700">No e-mail reminders of tasks falling due</p>
                )}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Link to={outletRegisterPath(outlet._id)} className={secondaryButton}>
                  Register<span className="sr-only"> of {outlet.name}</span>
                </Link>
                {manage && (
                  <button type="button" className={secondaryButton} onClick={() => setEditing(outlet)}>
                    Edit<span className="sr-only"> {outlet.name}</span>
                  </button>
                )}
                {manage && (
                  <button type="button" className={dangerButton} onClick={() => void remove(outlet)}>
                    Remove<span className="sr-only"> {outlet.name}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormOutcomeMessage outcome={outcome} />
      {manage &&
        (editing ? (
          <OutletForm
            key={editing === 'new' ? 'new' : editing._id}
            outlet={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <button type="button" className={secondaryButton} onClick={() => setEditing('new')}>
            Add an outlet
          </button>
        ))}
    </div>
  );
}

function OutletForm({ outlet, onDone }: { outlet?: OutletDto; onDone: () => void }) {
  const id = useId();
  const [saveOutlet] = useSaveOutletMutation();
  const [name, setName] = useState(outlet?.name ?? '');
  const [brand, setBrand] = useState<string>(outlet?.brand ?? '');
  const [dealerCode, setDealerCode] = useState(outlet?.dealerCode ?? '');
  const [licenceNumber, setLicenceNumber] = useState(outlet?.pesoLicenceNumber ?? '');
  const [licenceValidUntil, setLicenceValidUntil] = useState(outlet?.pesoLicenceValidUntil ?? '');
  const [remindersEnabled, setRemindersEnabled] = useState(outlet?.remindersEnabled ?? true);
  const [address, setAddress] = useState<Address>(outlet?.address ?? EMPTY_ADDRESS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = outletBodySchema.safeParse({
      name,
      brand,
      dealerCode,
      address,
      pesoLicenceNumber: licenceNumber,
      pesoLicenceValidUntil: licenceValidUntil,
      remindersEnabled,
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveOutlet({ id: outlet?._id, body: checked.data }).unwrap();
      onDone();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not save the outlet.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={outlet ? `Edit outlet ${outlet.name}` : 'New outlet'}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      <h3 className="font-semibold text-slate-900">{outlet ? `Edit ${outlet.name}` : 'New outlet'}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`${id}-name`} label="Outlet name" error={errors.name}>
          {(aria) => (
            <input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
        <Field id={`${id}-brand`} label="Brand" error={errors.brand}>
          {(aria) => (
            <select
              id={`${id}-brand`}
              value={brand}
              onChange={(event) => setBrand(event.target.value)}
              className={inputClass}
              {...aria}
            >
              <option value="">Choose…</option>
              {OUTLET_BRANDS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-dealer`} label="Dealer code (optional)" error={errors.dealerCode}>
          {(aria) => (
            <input
              id={`${id}-dealer`}
              value={dealerCode}
              onChange={(event) => setDealerCode(event.target.value)}
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`${id}-licence`} label="PESO licence number (optional)" error={errors.pesoLicenceNumber}>
          {(aria) => (
            <input
              id={`${id}-licence`}
              value={licenceNumber}
              onChange={(event) => setLicenceNumber(event.target.value)}
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
        <Field
          id={`${id}-licence-until`}
          label="PESO licence valid until (optional)"
          error={errors.pesoLicenceValidUntil}
        >
          {(aria) => (
            <input
              id={`${id}-licence-until`}
              type="date"
              value={licenceValidUntil}
              onChange={(event) => setLicenceValidUntil(event.target.value)}
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={remindersEnabled}
            onChange={(event) => setRemindersEnabled(event.target.checked)}
            aria-describedby={`${id}-reminders-hint`}
            className="h-5 w-5 accent-brand-700"
          />
          E-mail reminders of tasks falling due
        </label>
        <p id={`${id}-reminders-hint`} className="ml-7 text-sm text-slate-600">
          The people who buy for the business get an e-mail 30 days and 7 days before each task of this outlet's
          equipment falls due, and on the day.
        </p>
      </div>
      <AddressFields
        idPrefix={`${id}-address`}
        value={address}
        onChange={(patch) => setAddress((previous) => ({ ...previous, ...patch }))}
        errors={errorsUnder(errors, 'address')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : 'Save outlet'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButton}>
          Cancel
        </button>
        <FormOutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
