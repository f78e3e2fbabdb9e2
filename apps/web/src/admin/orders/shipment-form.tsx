/**
 * The admin's shipment form, shown in the order detail before an order is set to shipped
 * (docs/shop-rules.md#order-status): courier, tracking number and an optional tracking URL, checked
 * with the same shared schema the server uses (its messages under each field), then handed to
 * `onSubmit`. Prefilled with the stored data when correcting them. Focus moves to the first field. A consignment
 * above ₹50,000 (`ewayBillDue`, CGST Rule 138) also asks for its e-way bill number with the vehicle number or the
 * transporter ID, or the reason it goes without one (docs/shop-rules.md#e-way-bills).
 */
import { MESSAGES, shipmentInputSchema, type OrderShipment, type ShipmentInput } from '@pumpkart/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SerialFields, typedSerials, type SerialLine } from './serial-fields';

type Field =
  | 'courier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'ewayBillNumber'
  | 'vehicleNumber'
  | 'transporterId'
  | 'noEwayBillReason';

export interface ShipmentFormProps {
  orderLabel: string;
  initial: OrderShipment | null;
  /** The order is worth more than ₹50,000: ask for the e-way bill. */
  ewayBillDue?: boolean;
  /** The order's lines, for their optional serial numbers (docs/shop-rules.md#assets). */
  lines?: readonly SerialLine[];
  busy: boolean;
  onSubmit: (shipment: ShipmentInput) => void;
  onCancel: () => void;
}

interface FieldSpec {
  name: Field;
  label: string;
  type: 'text' | 'url';
  required: boolean;
  hint?: string;
  maxLength: number;
}

const FIELDS: FieldSpec[] = [
  {
    name: 'courier',
    label: 'Courier',
    type: 'text',
    required: true,
    hint: 'e.g. Delhivery, Blue Dart, DTDC',
    maxLength: 100,
  },
  { name: 'trackingNumber', label: 'Tracking number', type: 'text', required: true, maxLength: 100 },
  {
    name: 'trackingUrl',
    label: 'Tracking URL (optional)',
    type: 'url',
    required: false,
    hint: 'https://…',
    maxLength: 500,
  },
];

const EWAY_BILL_FIELDS: FieldSpec[] = [
  {
    name: 'ewayBillNumber',
    label: 'E-way bill number',
    type: 'text',
    required: false,
    hint: '12 digits',
    maxLength: 20,
  },
  {
    name: 'vehicleNumber',
    label: 'Vehicle number',
    type: 'text',
    required: false,
    hint: 'e.g. MH12AB1234',
    maxLength: 20,
  },
  {
    name: 'transporterId',
    label: 'Transporter ID',
    type: 'text',
    required: false,
    hint: 'GSTIN or TRANSIN',
    maxLength: 20,
  },
  {
    name: 'noEwayBillReason',
    label: 'Or: why it goes without an e-way bill',
    type: 'text',
    required: false,
    hint: 'e.g. the buyer collects it at the shop',
    maxLength: 500,
  },
];

export function ShipmentForm({
  orderLabel,
  initial,
  ewayBillDue = false,
  lines = [],
  busy,
  onSubmit,
  onCancel,
}: ShipmentFormProps) {
  const id = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    courier: initial?.courier ?? '',
    trackingNumber: initial?.trackingNumber ?? '',
    trackingUrl: initial?.trackingUrl ?? '',
    ewayBillNumber: initial?.ewayBillNumber ?? '',
    vehicleNumber: initial?.vehicleNumber ?? '',
    transporterId: initial?.transporterId ?? '',
    noEwayBillReason: '',
  });
  const askEwayBill = ewayBillDue || Boolean(initial?.ewayBillNumber);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serialTexts, setSerialTexts] = useState<Record<string, string>>({});
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});

  useEffect(() => firstField.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedSerials(lines, serialTexts);
    if ('error' in typed) {
      setSerialErrors({ [typed.lineId]: typed.error });
      return;
    }
    setSerialErrors({});
    const parsed = shipmentInputSchema.safeParse({
      ...values,
      ...(typed.serials.length > 0 ? { serials: typed.serials } : {}),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    // The server refuses the same (400); saying it here keeps the admin in the form.
    if (ewayBillDue && !parsed.data.ewayBillNumber && !parsed.data.noEwayBillReason) {
      setErrors({ ewayBillNumber: MESSAGES.ewayBillOrReason });
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const renderField = ({ name, label, type, required, hint, maxLength }: FieldSpec, index: number) => {
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
          maxLength={maxLength}
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
      {FIELDS.map((field, index) => renderField(field, index))}
      {askEwayBill && (
        <fieldset className="space-y-3 border-t border-slate-200 pt-3">
          <legend className="text-sm font-semibold text-slate-900">E-way bill</legend>
          <p className="text-xs text-slate-600">{MESSAGES.ewayBillFormHint}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            {EWAY_BILL_FIELDS.slice(0, 3).map((field) => renderField(field, -1))}
          </div>
          {ewayBillDue && renderField(EWAY_BILL_FIELDS[3]!, -1)}
        </fieldset>
      )}
      <SerialFields
        idPrefix={id}
        lines={lines}
        texts={serialTexts}
        errors={serialErrors}
        onChange={(lineId, text) => setSerialTexts((current) => ({ ...current, [lineId]: text }))}
      />
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
