/**
 * The variants part of the product form (docs/shop-rules.md#catalog): rows of size, price
 * (required), MRP (optional, docs/shop-rules.md#mrp) and stock, added and removed freely. Errors are keyed like 'variants.0.price'.
 */
import { inputClass } from './form-field';
import { MrpInput } from './mrp-input';
import type { ProductFormErrors, VariantRow } from './product-form';

export type VariantField = keyof Omit<VariantRow, 'key' | '_id'>;

export interface VariantsEditorProps {
  idPrefix: string;
  rows: VariantRow[];
  errors: ProductFormErrors;
  onChange: (key: string, field: VariantField, value: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}

export function VariantsEditor({ idPrefix, rows, errors, onChange, onAdd, onRemove }: VariantsEditorProps) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Variants</legend>
      {errors.variants && <p className="mb-2 text-xs text-red-600">{errors.variants}</p>}
      {rows.length === 0 && (
        <p className="mb-2 text-xs text-slate-500">No variants: the price and stock above apply.</p>
      )}
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const rowId = (name: string) => `${idPrefix}-variants.${index}.${name}`;
          const rowError = (name: string) => errors[`variants.${index}.${name}`];
          return (
            <li
              key={row.key}
              className="grid grid-cols-[1fr_1fr_1fr_1fr_auto] items-start gap-2"
              aria-label={`Variant ${index + 1}`}
            >
              <div>
                <label htmlFor={rowId('size')} className="sr-only">
                  Variant {index + 1} size
                </label>
                <input
                  id={rowId('size')}
                  placeholder="Size"
                  value={row.size}
                  onChange={(event) => onChange(row.key, 'size', event.target.value)}
                  className={inputClass}
                  aria-invalid={rowError('size') ? true : undefined}
                  aria-describedby={rowError('size') ? `${rowId('size')}-error` : undefined}
                />
                {rowError('size') && (
                  <p id={`${rowId('size')}-error`} className="mt-1 text-xs text-red-600">
                    {rowError('size')}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={rowId('price')} className="sr-only">
                  Variant {index + 1} price
                </label>
                <input
                  id={rowId('price')}
                  type="number"
                  min={0}
                  step="0.01"
                  required
                  placeholder="Price (₹)"
                  value={row.price}
                  onChange={(event) => onChange(row.key, 'price', event.target.value)}
                  className={inputClass}
                  aria-invalid={rowError('price') ? true : undefined}
                  aria-describedby={rowError('price') ? `${rowId('price')}-error` : undefined}
                />
                {rowError('price') && (
                  <p id={`${rowId('price')}-error`} className="mt-1 text-xs text-red-600">
                    {rowError('price')}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={rowId('mrp')} className="sr-only">
                  Variant {index + 1} MRP
                </label>
                <MrpInput
                  id={rowId('mrp')}
                  placeholder="MRP (₹)"
                  value={row.mrp}
                  onChange={(value) => onChange(row.key, 'mrp', value)}
                  error={rowError('mrp')}
                />
                {rowError('mrp') && (
                  <p id={`${rowId('mrp')}-error`} className="mt-1 text-xs text-red-600">
                    {rowError('mrp')}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={rowId('stock')} className="sr-only">
                  Variant {index + 1} stock
                </label>
                <input
                  id={rowId('stock')}
                  type="number"
                  min={0}
                  step={1}
                  placeholder="Stock"
                  value={row.stock}
                  onChange={(event) => onChange(row.key, 'stock', event.target.value)}
                  className={inputClass}
                  aria-invalid={rowError('stock') ? true : undefined}
                  aria-describedby={rowError('stock') ? `${rowId('stock')}-error` : undefined}
                />
                {rowError('stock') && (
                  <p id={`${rowId('stock')}-error`} className="mt-1 text-xs text-red-600">
                    {rowError('stock')}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={() => onRemove(row.key)}
                className="rounded-lg px-2 py-2 text-sm text-red-600 hover:bg-red-50"
                aria-label={`Remove variant ${index + 1}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onAdd}
        className="mt-2 rounded-lg border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
      >
        Add Variant
      </button>
    </fieldset>
  );
}
