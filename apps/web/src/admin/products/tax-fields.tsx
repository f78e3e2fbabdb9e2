/**
 * The product form's tax data (docs/shop-rules.md#tax-data): HSN code, GST rate (or "Keep the saved rate" when the
 * form's product came without its tax data), country of origin, manufacturer and the BIS, PESO and Legal Metrology
 * numbers.
 */
import { GST_RATES, isServiceKind, taxCodeLabel, type ProductKind } from '@pumpkart/shared';
import { Field, inputClass } from './form-field';
import type { FormSectionProps } from './main-fields';

export function TaxFields({
  values,
  errors,
  set,
  fieldId,
  invalid,
  taxKnown,
}: FormSectionProps & { taxKnown: boolean }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Tax and certificates</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={taxCodeLabel(values.kind as ProductKind)}
          htmlFor={fieldId('hsnCode')}
          error={errors.hsnCode}
          hint={
            isServiceKind(values.kind as ProductKind)
              ? '6 digits starting 99, e.g. 998719 (repair of machinery), 998346 (testing).'
              : '4, 6 or 8 digits; needed on every invoice line.'
          }
        >
          <input
            id={fieldId('hsnCode')}
            inputMode="numeric"
            autoComplete="off"
            value={values.hsnCode}
            onChange={(event) => set('hsnCode', event.target.value)}
            className={inputClass}
            {...invalid('hsnCode')}
          />
        </Field>
        <Field label="GST rate" htmlFor={fieldId('gstRate')} error={errors.gstRate}>
          <select
            id={fieldId('gstRate')}
            value={values.gstRate}
            onChange={(event) => set('gstRate', event.target.value)}
            className={`${inputClass} bg-white`}
            {...invalid('gstRate')}
          >
            {!taxKnown && <option value="">Keep the saved rate</option>}
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate} %
              </option>
            ))}
          </select>
        </Field>
        <Field label="Country of origin" htmlFor={fieldId('countryOfOrigin')} error={errors.countryOfOrigin}>
          <input
            id={fieldId('countryOfOrigin')}
            value={values.countryOfOrigin}
            onChange={(event) => set('countryOfOrigin', event.target.value)}
            className={inputClass}
            {...invalid('countryOfOrigin')}
          />
        </Field>
      </div>
      <Field
        label="Manufacturer"
        htmlFor={fieldId('manufacturer')}
        error={errors.manufacturer}
        hint="Name and address of the manufacturer, packer or importer."
      >
        <textarea
          id={fieldId('manufacturer')}
          rows={2}
          value={values.manufacturer}
          onChange={(event) => set('manufacturer', event.target.value)}
          className={inputClass}
          {...invalid('manufacturer')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="BIS licence" htmlFor={fieldId('bisLicence')} error={errors.bisLicence}>
          <input
            id={fieldId('bisLicence')}
            autoComplete="off"
            value={values.bisLicence}
            onChange={(event) => set('bisLicence', event.target.value)}
            className={inputClass}
            {...invalid('bisLicence')}
          />
        </Field>
        <Field label="PESO approval" htmlFor={fieldId('pesoApproval')} error={errors.pesoApproval}>
          <input
            id={fieldId('pesoApproval')}
            autoComplete="off"
            value={values.pesoApproval}
            onChange={(event) => set('pesoApproval', event.target.value)}
            className={inputClass}
            {...invalid('pesoApproval')}
          />
        </Field>
        <Field
          label="Legal Metrology approval"
          htmlFor={fieldId('legalMetrologyApproval')}
          error={errors.legalMetrologyApproval}
        >
          <input
            id={fieldId('legalMetrologyApproval')}
            autoComplete="off"
            value={values.legalMetrologyApproval}
            onChange={(event) => set('legalMetrologyApproval', event.target.value)}
            className={inputClass}
            {...invalid('legalMetrologyApproval')}
          />
        </Field>
      </div>
    </fieldset>
  );
}
