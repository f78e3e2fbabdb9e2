/**
 * An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked, drawn
 * as a track and a thumb beside its visible label; a click, Space or Enter flips it. Used for a
 * product's Active state in the admin grid and form.
 */
export interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  /** Tooltip: what a click does. */
  title?: string;
}

export function Switch({ label, checked, onChange, disabled, id, title }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      title={title}
      onClick={() => onChange(!checked)}
      className="group inline-flex items-center gap-2 rounded-full py-1 pr-2 text-sm font-medium text-slate-800 disabled:cursor-wait disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors ${
          checked ? 'border-green-700 bg-green-700' : 'border-slate-500 bg-slate-200'
        }`}
      >
        <span
          className={`inline-block h-4 w-4 rounded-full shadow transition-transform ${
            checked ? 'translate-x-[1.375rem] bg-white' : 'translate-x-0.5 bg-slate-600'
          }`}
        />
      </span>
      {label}
    </button>
  );
}
