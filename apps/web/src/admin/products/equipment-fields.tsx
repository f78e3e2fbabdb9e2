/**
 * The product form's equipment data (docs/shop-rules.md#assets): the compliance category that makes each unit
 * delivered to a business's outlet an asset of its register, the extinguisher type (fire extinguishers only) and
 * the warranty in months from delivery.
 */
import {
  COMPLIANCE_CATEGORY_KEYS,
  COMPLIANCE_CATEGORY_LABELS,
  EXTINGUISHER_TYPE_LABELS,
  EXTINGUISHER_TYPES,
} from '@pumpkart/shared';
import { Field, inputClass } from './form-field';
import type { FormSectionProps } from './main-fields';

export function EquipmentFields({ values, errors, set, fieldId, invalid }: FormSectionProps) {
  const extinguisher = values.complianceCategory === 'fire-extinguisher';
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Equipment register</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Compliance category"
          htmlFor={fieldId('complianceCategory')}
          error={errors.complianceCategory}
          hint="Each unit delivered to a business outlet joins its register."
        >
          <select
            id={fieldId('complianceCategory')}
            value={values.complianceCategory}
            onChange={(event) => {
              set('complianceCategory', event.target.value);
              // Only a fire extinguisher has a type.
              if (event.target.value !== 'fire-extinguisher') set('extinguisherType', '');
            }}
            className={`${inputClass} bg-white`}
            {...invalid('complianceCategory')}
          >
            <option value="">Not equipment</option>
            {COMPLIANCE_CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {COMPLIANCE_CATEGORY_LABELS[key]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Extinguisher type" htmlFor={fieldId('extinguisherType')} error={errors.extinguisherType}>
          <select
            id={fieldId('extinguisherType')}
            value={values.extinguisherType}
            disabled={!extinguisher}
            onChange={(event) => set('extinguisherType', event.target.value)}
            className={`${inputClass} bg-white disabled:bg-slate-100`}
            {...invalid('extinguisherType')}
          >
            <option value="">{extinguisher ? 'Not known' : 'Fire extinguishers only'}</option>
            {EXTINGUISHER_TYPES.map((type) => (
              <option key={type} value={type}>
                {EXTINGUISHER_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Warranty (months)"
          htmlFor={fieldId('warrantyMonths')}
          error={errors.warrantyMonths}
          hint="From the day of delivery; empty for none."
        >
          <input
            id={fieldId('warrantyMonths')}
            inputMode="numeric"
            autoComplete="off"
            value={values.warrantyMonths}
            onChange={(event) => set('warrantyMonths', event.target.value)}
            className={inputClass}
            {...invalid('warrantyMonths')}
          />
        </Field>
      </div>
    </fieldset>
  );
}
