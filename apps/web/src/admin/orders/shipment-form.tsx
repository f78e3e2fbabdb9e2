/**
 * The admin's shipment form, shown in the order detail before an order is set to shipped
 * (docs/shop-rules.md#order-status): courier, tracking number and an optional tracking URL, checked
 * with the same shared schema the server uses (its messages under each field), then handed to
 * `onSubmit`. Prefilled with the stored data when correcting them. Focus moves to the first field.
 */
import { MESSAGES, shipmentInputSchema, type OrderShipment, type ShipmentInput } from '@pumpkart/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

type Field = 'courier' | 'trackingNumber' | 'trackingUrl';

export interface ShipmentFormProps {
  orderLabel: string;
  initial: OrderShipment | null;
  busy: boolean;
  onSubmit: (shipment: ShipmentInput) => void;
  onCancel: () => void;
}

const FIELDS: { name: Field; label: string; type: 'text' | 'url'; required: boolean; hint?: string }[] = [
  { name: 'courier', label: 'Courier', type: 'text', required: true, hint: 'e.g. Delhivery, Blue Dart, DTDC' },
  { name: 'trackingNumber', label: 'Tracking number', type: 'text', required: true },
  { name: 'trackingUrl', label: 'Tracking URL (optional)', type: 'url', required: false, hint: 'https://…' },
];

export function ShipmentForm({ orderLabel, initial, busy, onSubmit, onCancel }: ShipmentFormProps) {
  const id = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    courier: initial?.courier ?? '',
    trackingNumber: initial?.trackingNumber ?? '',
    trackingUrl: initial?.trackingUrl ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => firstField.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shipmentInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {MESSAGES.shipmentFormTitle(orderLabel)}
      </h4>
      {FIELDS.map(({ name, label, type, required, hint }, index) => {
        const error = errors[name];
        return (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-700">
              {label}
            </label>
            <input
              ref={index === 0 ? firstField : undefined}
              id={`${id}-${name}`}
              name={name}
              type={type}
              inputMode={type === 'url' ? 'url' : undefined}
              value={values[name]}
              required={required}
              maxLength={name === 'trackingUrl' ? 500 : 100}
              placeholder={hint}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${name}-error` : undefined}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
            {error && (
              <p id={`${id}-${name}-error`} className="mt-1 text-xs text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {MESSAGES.shipmentFormSubmit}
        </button>
      </div>
    </form>
  );
}
