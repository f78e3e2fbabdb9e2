/**
 * The product form's kind (docs/shop-rules.md#service-products): goods, a service done at the outlet on a booked day,
 * or an annual maintenance contract; and the compliance tasks of the schedule the product does, by title, so that a
 * reminder of such a task links to it. A service is never equipment: choosing it clears the compliance category.
 */
import {
  AMC_VISITS_PER_YEAR,
  COMPLIANCE_CATEGORY_LABELS,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ScheduleTaskDto,
} from '@pumpkart/shared';
import { useGetComplianceScheduleQuery } from '../compliance/compliance-api';
import { Field, inputClass } from './form-field';
import type { FormSectionProps } from './main-fields';

export function KindFields({ values, errors, set, fieldId, invalid }: FormSectionProps) {
  const schedule = useGetComplianceScheduleQuery();
  const tasks = schedule.data?.tasks ?? [];
  const chosen = new Set(values.taskKeys);
  // A key the schedule no longer has (a task removed since) stays listed, so that saving shows why it is refused.
  const unknown = values.taskKeys.filter((key) => !tasks.some((task) => task.key === key));
  const toggle = (key: string, on: boolean) =>
    set('taskKeys', on ? [...values.taskKeys, key] : values.taskKeys.filter((other) => other !== key));
  const tasksId = fieldId('taskKeys');

  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Kind and compliance tasks</legend>
      <Field
        label="Kind"
        htmlFor={fieldId('kind')}
        error={errors.kind}
        hint={values.kind === 'service' ? 'Bought for a visit date; its tax code is a SAC code.' : undefined}
      >
        <select
          id={fieldId('kind')}
          value={values.kind}
          onChange={(event) => {
            set('kind', event.target.value);
            if (event.target.value !== 'goods') set('complianceCategory', '');
          }}
          className={`${inputClass} bg-white sm:max-w-sm`}
          {...invalid('kind')}
        >
          {PRODUCT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PRODUCT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      {values.kind === 'amc' && (
        <Field
          label="Visits a year"
          htmlFor={fieldId('amcVisitsPerYear')}
          error={errors.amcVisitsPerYear}
          hint="Each contract sold is visited this often, on equal parts of its year; a visit records the ticked tasks done."
        >
          <select
            id={fieldId('amcVisitsPerYear')}
            value={values.amcVisitsPerYear}
            onChange={(event) => set('amcVisitsPerYear', event.target.value)}
            className={`${inputClass} bg-white sm:max-w-sm`}
            {...invalid('amcVisitsPerYear')}
          >
            {AMC_VISITS_PER_YEAR.map((visits) => (
              <option key={visits} value={String(visits)}>
                {visits}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div
        role="group"
        aria-labelledby={`${tasksId}-label`}
        aria-describedby={errors.taskKeys ? `${tasksId}-error` : undefined}
      >
        <p id={`${tasksId}-label`} className="mb-1 text-sm font-medium text-slate-700">
          Tasks it does
        </p>
        <p className="mb-2 text-xs text-slate-500">A reminder of a task ticked here offers this product.</p>
        {schedule.isError && <p className="text-xs text-slate-500">The compliance schedule could not be loaded.</p>}
        {schedule.isLoading && <p className="text-xs text-slate-500">Loading the compliance schedule…</p>}
        <div className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
          {tasks.map((task) => (
            <TaskCheckbox key={task.key} task={task} checked={chosen.has(task.key)} onChange={toggle} />
          ))}
          {unknown.map((key) => (
            <label key={key} className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" checked onChange={() => toggle(key, false)} className="mt-1" />
              <span>{key}</span>
            </label>
          ))}
        </div>
        {errors.taskKeys && (
          <p id={`${tasksId}-error`} className="mt-1 text-xs text-red-600">
            {errors.taskKeys}
          </p>
        )}
      </div>
    </fieldset>
  );
}

function TaskCheckbox({
  task,
  checked,
  onChange,
}: {
  task: ScheduleTaskDto;
  checked: boolean;
  onChange: (key: string, on: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(task.key, event.target.checked)}
        className="mt-1"
      />
      <span>
        {task.title}
        <span className="block text-xs text-slate-500">
          {COMPLIANCE_CATEGORY_LABELS[task.categoryKey]}
          {task.disabled ? ' · turned off' : ''}
        </span>
      </span>
    </label>
  );
}
