/**
 * The store's bank account on the Settings page (docs/shop-rules.md#bank-transfer): account name, number, IFSC, bank
 * and branch, an optional UPI ID, and the switch that offers bank transfer (NEFT/RTGS/IMPS) at checkout. Checked with
 * the server's own schema; the server's 400 `details` under `bankDetails.<field>` show under their field. Left all
 * empty and off, nothing is stored (null).
 */
import { bankDetailsSchema, type StoreSettingsDto, type StoreSettingsInput } from '@pumpkart/shared';
import { Field, inputClass } from '../products/form-field';

export const BANK_FIELDS = ['accountName', 'accountNumber', 'ifsc', 'bankBranch', 'upiId'] as const;
type BankField = (typeof BANK_FIELDS)[number];
export type BankValues = Record<BankField, string> & { enabled: boolean };
export type BankErrors = Partial<Record<BankField | 'enabled', string>>;

export function bankValuesOf(settings: StoreSettingsDto | undefined): BankValues {
  const bank = settings?.bankDetails;
  return {
    enabled: bank?.enabled ?? false,
    accountName: bank?.accountName ?? '',
    accountNumber: bank?.accountNumber ?? '',
    ifsc: bank?.ifsc ?? '',
    bankBranch: bank?.bankBranch ?? '',
    upiId: bank?.upiId ?? '',
  };
}

const isBlank = (values: BankValues) => !values.enabled && BANK_FIELDS.every((name) => !values[name].trim());

/** The body's `bankDetails`: null when left empty and off, else the values as typed (the server trims them). */
export const bankBody = (values: BankValues): StoreSettingsInput['bankDetails'] =>
  isBlank(values) ? null : { ...values };

export function validateBank(values: BankValues): BankErrors {
  if (isBlank(values)) return {};
  const checked = bankDetailsSchema.safeParse(values);
  const errors: BankErrors = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const name = issue.path[0] as BankField | 'enabled';
    errors[name] ??= issue.message;
  }
  return errors;
}

/** The 400's `details` about the bank details ({ path: 'bankDetails.ifsc', message }), by field. */
export function bankErrorsOfAnswer(data: unknown): BankErrors {
  const details = (data as { details?: { path?: unknown; message?: unknown }[] } | null)?.details ?? [];
  const errors: BankErrors = {};
  for (const detail of Array.isArray(details) ? details : []) {
    if (typeof detail.path !== 'string' || typeof detail.message !== 'string') continue;
    const match = /^bankDetails\.(\w+)/.exec(detail.path);
    if (match) errors[match[1] as BankField] ??= detail.message;
  }
  return errors;
}

const LABELS: Record<BankField, string> = {
  accountName: 'Account name',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
  bankBranch: 'Bank and branch',
  upiId: 'UPI ID (optional)',
};
const HINTS: Partial<Record<BankField, string>> = {
  accountNumber: '9 to 18 digits.',
  ifsc: '11 characters, e.g. HDFC0001234.',
  bankBranch: 'e.g. HDFC Bank, Andheri East, Mumbai.',
  upiId: 'e.g. pumpkart@hdfcbank.',
};

export const bankFieldId = (id: string, name: BankField | 'enabled') => `${id}-bank-${name}`;

export function BankDetailsFields({
  id,
  values,
  errors,
  onChange,
  className,
  legendClassName,
}: {
  id: string;
  values: BankValues;
  errors: BankErrors;
  onChange: (patch: Partial<BankValues>) => void;
  className: string;
  legendClassName: string;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>Bank transfer</legend>
      <p className="text-sm text-slate-600">
        The account buyers transfer to by NEFT, RTGS or IMPS. They see it at checkout and on their order, record each
        transfer&apos;s UTR, and you confirm it from the order once the money is in your statement.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {BANK_FIELDS.map((name) => {
          const htmlFor = bankFieldId(id, name);
          const error = errors[name];
          return (
            <Field key={name} label={LABELS[name]} htmlFor={htmlFor} error={error} hint={HINTS[name]}>
              <input
                id={htmlFor}
                value={values[name]}
                onChange={(event) => onChange({ [name]: event.target.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${htmlFor}-error` : undefined}
                autoComplete="off"
                spellCheck={false}
                inputMode={name === 'accountNumber' ? 'numeric' : undefined}
                className={`${inputClass} ${name === 'ifsc' ? 'uppercase' : ''}`}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={bankFieldId(id, 'enabled')}
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={bankFieldId(id, 'enabled')} className="text-sm font-medium text-slate-800">
          Offer bank transfer (NEFT/RTGS/IMPS) at checkout and when buyers accept a quote
        </label>
      </div>
    </fieldset>
  );
}
