/**
 * The register's changes to an asset (docs/shop-rules.md#assets), each a small form in a dialog: its serial number
 * added or corrected, moved to another outlet of the business, retired; and the frame every such form shares.
 * Fields are checked by the shared schema the server uses.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  assetBodySchema,
  retireAssetBodySchema,
  type AssetBody,
  type OutletDto,
  type RegisterAssetDto,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { FormOutcomeMessage, type FormOutcome } from '../../ui/form-outcome';
import { useEditAssetMutation, useMoveAssetMutation, useRetireAssetMutation } from '../../shop/business/register-api';
import { Field, fieldErrors, inputClass, primaryButton, secondaryButton } from './business-ui';

export interface Done {
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** A form's frame: its fields, the server's refusal if any, and its two buttons. */
export function FormFrame(props: {
  label: string;
  submitLabel: string;
  busy: boolean;
  outcome: FormOutcome | null;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={props.label} className="space-y-3">
      {props.children}
      <FormOutcomeMessage outcome={props.outcome} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={props.busy}>
          {props.busy ? 'Saving…' : props.submitLabel}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Runs a change and reports it: the answer's message to onDone, a refusal on the form. */
export function useSubmit(onDone: (message: string) => void, fallback: string) {
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const run = async (change: () => Promise<{ message: string }>) => {
    try {
      onDone((await change()).message);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, fallback) });
    }
  };
  return { outcome, run };
}

export const text = (
  id: string,
  label: string,
  value: string,
  set: (value: string) => void,
  error?: string,
  type = 'text',
) => (
  <Field id={id} label={label} error={error}>
    {(described) => (
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => set(event.target.value)}
        className={inputClass}
        {...described}
      />
    )}
  </Field>
);

/** The asset as the edit call takes it: every field as it is, but the serial number. */
const bodyOf = (asset: RegisterAssetDto, serialNumber: string): AssetBody => ({
  make: asset.make,
  model: asset.model,
  serialNumber,
  complianceCategory: asset.complianceCategory,
  extinguisherType: asset.extinguisherType,
  installedOn: asset.installedOn,
  manufacturedOn: asset.manufacturedOn,
  warrantyEndsOn: asset.warrantyEndsOn,
});

export function SerialForm({ asset, onDone, onCancel }: Done & { asset: RegisterAssetDto }) {
  const id = useId();
  const [editAsset, { isLoading }] = useEditAssetMutation();
  const { outcome, run } = useSubmit(onDone, 'Could not save the serial number.');
  const [serial, setSerial] = useState(asset.serialNumber ?? '');
  const [error, setError] = useState<string>();
  const submit = () => {
    const checked = assetBodySchema.safeParse(bodyOf(asset, serial));
    if (!checked.success) return setError(fieldErrors(checked.error).serialNumber ?? checked.error.issues[0]?.message);
    setError(undefined);
    void run(() => editAsset({ assetId: asset._id, body: checked.data }).unwrap());
  };
  return (
    <FormFrame
      label="Serial number"
      submitLabel="Save"
      busy={isLoading}
      outcome={outcome}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {text(`${id}-serial`, 'Serial number', serial, setSerial, error)}
    </FormFrame>
  );
}

export function MoveForm({
  asset,
  outlets,
  onDone,
  onCancel,
}: Done & { asset: RegisterAssetDto; outlets: OutletDto[] }) {
  const id = useId();
  const [moveAsset, { isLoading }] = useMoveAssetMutation();
  const { outcome, run } = useSubmit(onDone, 'Could not move the asset.');
  const others = outlets.filter((outlet) => outlet._id !== asset.outletId);
  const [outletId, setOutletId] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!outletId) return setError('Choose the outlet to move it to.');
    setError(undefined);
    void run(() => moveAsset({ assetId: asset._id, outletId }).unwrap());
  };
  if (others.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">The business has no other outlet to move it to.</p>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Close
        </button>
      </div>
    );
  }
  return (
    <FormFrame
      label="Move to another outlet"
      submitLabel="Move"
      busy={isLoading}
      outcome={outcome}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Field id={`${id}-outlet`} label="Outlet" error={error}>
        {(described) => (
          <select
            id={`${id}-outlet`}
            value={outletId}
            onChange={(event) => setOutletId(event.target.value)}
            className={inputClass}
            {...described}
          >
            <option value="">Choose…</option>
            {others.map((outlet) => (
              <option key={outlet._id} value={outlet._id}>
                {outlet.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormFrame>
  );
}

export function RetireForm({ asset, today, onDone, onCancel }: Done & { asset: RegisterAssetDto; today: string }) {
  const id = useId();
  const [retireAsset, { isLoading }] = useRetireAssetMutation();
  const { outcome, run } = useSubmit(onDone, 'Could not retire the asset.');
  const [retiredOn, setRetiredOn] = useState(today);
  const [error, setError] = useState<string>();
  const submit = () => {
    const checked = retireAssetBodySchema.safeParse({ retiredOn });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    void run(() => retireAsset({ assetId: asset._id, retiredOn }).unwrap());
  };
  return (
    <FormFrame
      label="Retire"
      submitLabel="Retire"
      busy={isLoading}
      outcome={outcome}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="text-sm text-slate-700">
        A retired asset leaves the register; its records are kept. This cannot be undone.
      </p>
      {text(`${id}-day`, 'Retired on', retiredOn, setRetiredOn, error, 'date')}
    </FormFrame>
  );
}
