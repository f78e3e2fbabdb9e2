/** The store's e-invoicing switch (docs/decisions/0029-e-invoicing.md), a section of the settings form. */

export const EINVOICE_SETTING_TEXT = {
  legend: 'E-invoicing',
  label: 'Report B2B invoices and notes to the e-invoice portal (IRN and signed QR code)',
  hint:
    'Required when the aggregate turnover of any previous year since 2017-18 exceeds ₹5 crore ' +
    '(Notification 10/2023–Central Tax); always on when last year’s turnover is above ₹5 crore. A B2B document is ' +
    'final once the portal registers it: see E-invoices.',
} as const;

export function EinvoiceSetting({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{EINVOICE_SETTING_TEXT.legend}</legend>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {EINVOICE_SETTING_TEXT.label}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {EINVOICE_SETTING_TEXT.hint}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
