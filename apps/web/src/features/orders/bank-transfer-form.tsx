/**
 * The buyer's record of a bank transfer (docs/shop-rules.md#bank-transfer): the UTR, the amount (the amount due now
 * to begin with) and the day (today to begin with). Checked with the server's own schema first; the server's
 * refusals show under their field: a UTR already recorded under the UTR, more than is due under the amount.
 */
import { useId, useState, type FormEvent } from 'react';
import { BANK_MESSAGES, indiaDateOf, recordTransferBodySchema } from '@pumpkart/shared';
import { errorMessage, isHttpFailure } from '../../api/http';
import { useRecordTransferMutation } from '../../shop/payment/bank-api';

type FieldName = 'utr' | 'amount' | 'transferredOn';
type Errors = Partial<Record<FieldName | 'form', string>>;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600';

/** The fixed start of the server's "more than is due" message, whatever the amount. */
const TOO_MUCH_START = BANK_MESSAGES.tooMuch('\u0000').split('\u0000')[0]!;

/** Which field a server message is about (409s name no path). */
function fieldOfMessage(message: string): FieldName | 'form' {
  if (message === BANK_MESSAGES.utrUsed || message === BANK_MESSAGES.utr) return 'utr';
  if (message.startsWith(TOO_MUCH_START) || message === BANK_MESSAGES.amount) return 'amount';
  if (message === BANK_MESSAGES.transferredOn) return 'transferredOn';
  return 'form';
}

export function errorsOfAnswer(error: unknown): Errors {
  const errors: Errors = {};
  const data = (isHttpFailure(error) ? error.data : null) as { details?: { path?: string; message?: string }[] } | null;
  for (const detail of data?.details ?? []) {
    if (!detail.message) continue;
    const field = (['utr', 'amount', 'transferredOn'] as const).find((name) => detail.path === name);
    errors[field ?? fieldOfMessage(detail.message)] ??= detail.message;
  }
  if (Object.keys(errors).length > 0) return errors;
  const message = errorMessage(error, 'The transfer could not be recorded. Please try again.');
  return { [fieldOfMessage(message)]: message };
}

export function RecordTransferForm({ orderId, dueNow }: { orderId: string; dueNow: number }) {
  const id = useId();
  const [record, { isLoading }] = useRecordTransferMutation();
  const [utr, setUtr] = useState('');
  const [amount, setAmount] = useState(String(dueNow));
  const [transferredOn, setTransferredOn] = useState(() => indiaDateOf(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const checked = recordTransferBodySchema.safeParse({
      utr,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      transferredOn,
    });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[(issue.path[0] as FieldName) ?? 'form'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await record({ orderId, body: checked.data }).unwrap();
      setDone(answer.message);
      setUtr('');
    } catch (error) {
      setErrors(errorsOfAnswer(error));
    }
  };

  const field = (name: FieldName, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => {
    const htmlId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div>
        <label htmlFor={htmlId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={htmlId}
          {...props}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${htmlId}-error` : hint ? `${htmlId}-hint` : undefined}
          className={inputClass}
        />
        {error ? (
          <p id={`${htmlId}-error`} className="mt-1 text-xs font-medium text-red-700">
            {error}
          </p>
        ) : (
          hint && (
            <p id={`${htmlId}-hint`} className="mt-1 text-xs text-slate-600">
              {hint}
            </p>
          )
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Record a transfer" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        {field(
          'utr',
          'UTR / reference number',
          {
            value: utr,
            onChange: (event) => setUtr(event.target.value),
            autoComplete: 'off',
            spellCheck: false,
            autoCapitalize: 'characters',
          },
          'As your bank shows it: 12 to 22 letters or digits.',
        )}
        {field('amount', 'Amount (₹)', {
          value: amount,
          onChange: (event) => setAmount(event.target.value),
          inputMode: 'decimal',
          autoComplete: 'off',
        })}
        {field('transferredOn', 'Date of the transfer', {
          type: 'date',
          value: transferredOn,
          max: indiaDateOf(new Date()),
          onChange: (event) => setTransferredOn(event.target.value),
        })}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={isLoading}
          className="rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isLoading ? 'Recording...' : 'Record the transfer'}
        </button>
        <p role="status" className="text-sm font-medium text-green-800">
          {done}
        </p>
      </div>
    </form>
  );
}
