/**
 * The business's details form (docs/shop-rules.md#business-accounts): legal name, optional GSTIN, billing address
 * and optional approval limit in rupees. Creates the business, or saves the admin's edit. Checked in the browser
 * with the server's own schema (businessBodySchema) before it is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import { businessBodySchema, type Address, type BusinessDto } from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { AddressFields } from '../../shop/address/address-fields';
import { EMPTY_ADDRESS } from '../../lib/address';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { useCreateBusinessMutation, useUpdateBusinessMutation } from '../../shop/business/business-api';
import {
  errorsUnder,
  Field,
  fieldErrors,
  inputClass,
  primaryButton,
  secondaryButton,
  type FieldErrors,
} from './business-ui';

interface Props {
  /** The business to edit; none: create one. */
  business?: BusinessDto;
  onDone?: () => void;
}

export function BusinessForm({ business, onDone }: Props) {
  const id = useId();
  const [createBusiness] = useCreateBusinessMutation();
  const [updateBusiness] = useUpdateBusinessMutation();
  const [legalName, setLegalName] = useState(business?.legalName ?? '');
  const [gstin, setGstin] = useState(business?.gstin ?? '');
  const [address, setAddress] = useState<Address>(business?.billingAddress ?? EMPTY_ADDRESS);
  const [limit, setLimit] = useState(business?.approvalLimit == null ? '' : String(business.approvalLimit));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = businessBodySchema.safeParse({
      legalName,
      gstin: gstin.trim() || null,
      billingAddress: address,
      approvalLimit: limit.trim() === '' ? null : Number(limit),
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await (business ? updateBusiness : createBusiness)(checked.data).unwrap();
      setOutcome({ ok: true, text: answer.message });
      onDone?.();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'Could not save the business.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-legal`} label="Legal name" error={errors.legalName}>
          {(aria) => (
            <input
              id={`${id}-legal`}
              value={legalName}
              onChange={(event) => setLegalName(event.target.value)}
              autoComplete="organization"
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
        <Field id={`${id}-gstin`} label="GSTIN (optional)" error={errors.gstin}>
          {(aria) => (
            <input
              id={`${id}-gstin`}
              value={gstin}
              onChange={(event) => setGstin(event.target.value)}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. 27AAHCP4821K1Z6"
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
        <Field
          id={`${id}-limit`}
          label="Approval limit in ₹ (optional)"
          error={errors.approvalLimit}
          hint="A buyer's order above it waits for an approver or the admin. Empty: no approval needed."
        >
          {(aria) => (
            <input
              id={`${id}-limit`}
              value={limit}
              onChange={(event) => setLimit(event.target.value.replace(/[^\d.]/g, ''))}
              inputMode="decimal"
              className={inputClass}
              {...aria}
            />
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="mb-2 text-base font-semibold text-slate-900">Billing address</legend>
        <AddressFields
          idPrefix={`${id}-billing`}
          value={address}
          onChange={(patch) => setAddress((previous) => ({ ...previous, ...patch }))}
          errors={errorsUnder(errors, 'billingAddress')}
        />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : business ? 'Save details' : 'Create business'}
        </button>
        {business && onDone && (
          <button type="button" onClick={onDone} className={secondaryButton}>
            Cancel
          </button>
        )}
        <FormOutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
