/**
 * The product form's main fields (docs/shop-rules.md#catalog, #mrp): category (typed, with the known categories
 * offered, and a warning under it naming a category that is not one of them, so a typo does not silently create
 * one), brand, price, MRP, stock, low-stock threshold and the Active switch.
 */
import { MESSAGES } from '@pumpkart/shared';
import { Switch } from '../ui/switch';
import { Field, inputClass } from './form-field';
import { MrpInput } from './mrp-input';
import type { ProductFormErrors, ProductFormValues } from './product-form';

/** What each section of the product form gets: the values, their errors, a setter and the fields' ids. */
export interface FormSectionProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  set: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
  /** The id of a field's input (its error line's is `{id}-error`). */
  fieldId: (name: string) => string;
  /** aria-invalid and aria-describedby of a field with an error. */
  invalid: (name: string) => { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

export function CategoryBrandFields({
  values,
  errors,
  set,
  fieldId,
  invalid,
  knownCategories,
}: FormSectionProps & { knownCategories: string[] }) {
  const typedCategory = values.category.trim();
  const newCategory = typedCategory !== '' && !knownCategories.includes(typedCategory) ? typedCategory : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Category" htmlFor={fieldId('category')} error={errors.category}>
        <input
          id={fieldId('category')}
          list={fieldId('categories')}
          autoComplete="off"
          value={values.category}
          onChange={(event) => set('category', event.target.value)}
          className={inputClass}
          aria-describedby={newCategory && !errors.category ? fieldId('category-new') : undefined}
          {...invalid('category')}
        />
        <datalist id={fieldId('categories')}>
          {knownCategories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        {newCategory && !errors.category && (
          <p
            id={fieldId('category-new')}
            data-testid="new-category-hint"
            className="mt-1 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-medium break-words text-amber-900"
          >
            <span aria-hidden="true">⚠ </span>
            {MESSAGES.newCategoryHint(newCategory)}
          </p>
        )}
      </Field>
      <Field label="Brand" htmlFor={fieldId('brand')} error={errors.brand}>
        <input
          id={fieldId('brand')}
          value={values.brand}
          onChange={(event) => set('brand', event.target.value)}
          className={inputClass}
          {...invalid('brand')}
        />
      </Field>
    </div>
  );
}

export function PriceStockFields({ values, errors, set, fieldId, invalid }: FormSectionProps) {
  const hasVariants = values.variants.length > 0;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label="Price (₹)"
        htmlFor={fieldId('price')}
        error={errors.price}
        hint={hasVariants ? 'Not used: the variants set the price.' : undefined}
      >
        <input
          id={fieldId('price')}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={values.price}
          onChange={(event) => set('price', event.target.value)}
          className={inputClass}
          {...invalid('price')}
        />
      </Field>
      <Field
        label="MRP (₹)"
        htmlFor={fieldId('mrp')}
        error={errors.mrp}
        hint={hasVariants ? 'Not used: each variant has its own MRP.' : 'Optional; never below the price.'}
      >
        <MrpInput id={fieldId('mrp')} value={values.mrp} onChange={(value) => set('mrp', value)} error={errors.mrp} />
      </Field>
      <Field
        label="Stock"
        htmlFor={fieldId('stock')}
        error={errors.stock}
        hint={hasVariants ? 'Not used: the variants set the stock.' : undefined}
      >
        <input
          id={fieldId('stock')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={values.stock}
          onChange={(event) => set('stock', event.target.value)}
          className={inputClass}
          {...invalid('stock')}
        />
      </Field>
      <Field label="Low-stock threshold" htmlFor={fieldId('lowStockThreshold')} error={errors.lowStockThreshold}>
        <input
          id={fieldId('lowStockThreshold')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={values.lowStockThreshold}
          onChange={(event) => set('lowStockThreshold', event.target.value)}
          className={inputClass}
          {...invalid('lowStockThreshold')}
        />
      </Field>
      <Field label="Minimum order quantity" htmlFor={fieldId('minOrderQty')} error={errors.minOrderQty}>
        <input
          id={fieldId('minOrderQty')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values.minOrderQty}
          onChange={(event) => set('minOrderQty', event.target.value)}
          className={inputClass}
          {...invalid('minOrderQty')}
        />
      </Field>
      <Field label="Pack size" htmlFor={fieldId('packSize')} error={errors.packSize}>
        <input
          id={fieldId('packSize')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values.packSize}
          onChange={(event) => set('packSize', event.target.value)}
          className={inputClass}
          {...invalid('packSize')}
        />
      </Field>
      <Field label="Quantity breaks (units:% off)" htmlFor={fieldId('quantityBreaks')} error={errors.quantityBreaks}>
        <input
          id={fieldId('quantityBreaks')}
          type="text"
          placeholder="10:5, 50:10"
          value={values.quantityBreaks}
          onChange={(event) => set('quantityBreaks', event.target.value)}
          className={inputClass}
          {...invalid('quantityBreaks')}
        />
      </Field>
      <div>
        <span className="mb-1 block text-sm font-medium text-slate-700">Status</span>
        <Switch
          id={fieldId('active')}
          label="Active"
          checked={values.active === 'true'}
          onChange={(checked) => set('active', checked ? 'true' : 'false')}
        />
      </div>
      <div>
        <span className="mb-1 block text-sm font-medium text-slate-700">Selling</span>
        <Switch
          id={fieldId('priceOnRequest')}
          label="Price on request (quote only)"
          checked={values.priceOnRequest === 'true'}
          onChange={(checked) => set('priceOnRequest', checked ? 'true' : 'false')}
        />
      </div>
    </div>
  );
}
