/**
 * "Add equipment" on the register (docs/shop-rules.md#assets): equipment bought elsewhere joins the outlet's
 * register with its category (an extinguisher's type), make, model, serial number and days; checked by the shared
 * schema the server uses.
 */
import { useId, useState } from 'react';
import {
  COMPLIANCE_CATEGORY_KEYS,
  COMPLIANCE_CATEGORY_LABELS,
  EXTINGUISHER_TYPES,
  EXTINGUISHER_TYPE_LABELS,
  assetBodySchema,
} from '@pumpkart/shared';
import { useAddAssetMutation } from '../../shop/business/register-api';
import { FormFrame, text, useSubmit, type Done } from './asset-forms';
import { Field, fieldErrors, inputClass, type FieldErrors } from './business-ui';

/** The categories equipment may be registered in (the licence is the outlet's, not a piece of equipment). */
const EQUIPMENT_CATEGORIES = COMPLIANCE_CATEGORY_KEYS.filter((key) => key !== 'peso-licence');

export function AddEquipmentForm({ outletId, today, onDone, onCancel }: Done & { outletId: string; today: string }) {
  const id = useId();
  const [addAsset, { isLoading }] = useAddAssetMutation();
  const { outcome, run } = useSubmit(onDone, 'Could not add the equipment.');
  const [values, setValues] = useState({
    complianceCategory: '',
    extinguisherType: '',
    make: '',
    model: '',
    serialNumber: '',
    installedOn: today,
    manufacturedOn: '',
    warrantyEndsOn: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const checked = assetBodySchema.safeParse({
      ...values,
      extinguisherType: values.complianceCategory === 'fire-extinguisher' ? values.extinguisherType : '',
    });
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    void run(() => addAsset({ outletId, body: checked.data }).unwrap());
  };

  return (
    <FormFrame
      label="Add equipment"
      submitLabel="Add equipment"
      busy={isLoading}
      outcome={outcome}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Field id={`${id}-category`} label="Category" error={errors.complianceCategory}>
        {(described) => (
          <select
            id={`${id}-category`}
            value={values.complianceCategory}
            onChange={(event) => set('complianceCategory')(event.target.value)}
            className={inputClass}
            {...described}
          >
            <option value="">Choose…</option>
            {EQUIPMENT_CATEGORIES.map((key) => (
              <option key={key} value={key}>
                {COMPLIANCE_CATEGORY_LABELS[key]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.complianceCategory === 'fire-extinguisher' && (
        <Field id={`${id}-type`} label="Extinguisher type" error={errors.extinguisherType}>
          {(described) => (
            <select
              id={`${id}-type`}
              value={values.extinguisherType}
              onChange={(event) => set('extinguisherType')(event.target.value)}
              className={inputClass}
              {...described}
            >
              <option value="">Not known</option>
              {EXTINGUISHER_TYPES.map((key) => (
                <option key={key} value={key}>
                  {EXTINGUISHER_TYPE_LABELS[key]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {text(`${id}-make`, 'Make', values.make, set('make'), errors.make)}
        {text(`${id}-model`, 'Model', values.model, set('model'), errors.model)}
        {text(`${id}-serial`, 'Serial number', values.serialNumber, set('serialNumber'), errors.serialNumber)}
        {text(`${id}-installed`, 'Installed on', values.installedOn, set('installedOn'), errors.installedOn, 'date')}
        {text(
          `${id}-made`,
          'Manufactured on (optional)',
          values.manufacturedOn,
          set('manufacturedOn'),
          errors.manufacturedOn,
          'date',
        )}
        {text(
          `${id}-warranty`,
          'Warranty ends on (optional)',
          values.warrantyEndsOn,
          set('warrantyEndsOn'),
          errors.warrantyEndsOn,
          'date',
        )}
      </div>
    </FormFrame>
  );
}
