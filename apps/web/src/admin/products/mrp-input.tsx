/**
 * The MRP's input (docs/shop-rules.md#mrp), the one the product form and each row of the variants editor show:
 * optional rupees to the paisa, its error tied to it as `{id}-error`.
 */
import { inputClass } from './form-field';

export interface MrpInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
}

export function MrpInput({ id, value, onChange, error, placeholder }: MrpInputProps) {
  return (
    <input
      id={id}
      type="number"
      min={0}
      step="0.01"
      inputMode="decimal"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={inputClass}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  );
}
