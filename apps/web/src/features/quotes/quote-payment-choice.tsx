/**
 * How the buyer will pay an accepted quote (docs/shop-rules.md#quotes, #bank-transfer): online, or bank transfer
 * (NEFT/RTGS/IMPS) when the store offers it, or cash on delivery when the server enables it. Only online is offered
 * otherwise, and then nothing is shown. The quote's advance applies to a bank-transfer order.
 */
import { useId } from 'react';
import type { CheckoutConfig, PaymentMode } from '@pumpkart/shared';

const ROW =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

export function QuotePaymentChoice({
  config,
  value,
  onChange,
  advancePercent,
}: {
  config: CheckoutConfig | undefined;
  value: PaymentMode;
  onChange: (mode: PaymentMode) => void;
  advancePercent: number;
}) {
  const name = useId();
  if (!config || (!config.bankTransfer && !config.codEnabled)) return null;
  const options: { mode: PaymentMode; label: string; hint: string }[] = [
    { mode: 'online', label: 'Pay online', hint: 'Cards, UPI and net banking' },
    ...(config.bankTransfer
      ? [
          {
            mode: 'bank' as const,
            label: 'Bank transfer (NEFT/RTGS/IMPS)',
            hint:
              advancePercent < 100
                ? `${advancePercent}% in advance, the balance before dispatch; the order waits for your transfer`
                : 'The order waits for your transfer',
          },
        ]
      : []),
    ...(config.codEnabled ? [{ mode: 'cod' as const, label: 'Cash on delivery', hint: 'Pay when it arrives' }] : []),
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">How you will pay</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.mode} className={ROW}>
            <input
              type="radio"
              name={name}
              value={option.mode}
              checked={value === option.mode}
              onChange={() => onChange(option.mode)}
              className="mt-1"
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span className="block text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
