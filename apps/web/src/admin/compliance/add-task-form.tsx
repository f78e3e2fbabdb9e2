/**
 * The owner's new task: a title, a category, optionally one product (found by title through the admin product
 * search; then the task applies to that product's assets only), an interval, and its basis (source, clause, kind:
 * practice unless the owner names a law or a standard). Checked with the server's own schema first; the server's
 * refusals show above the form.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  COMPLIANCE_CATEGORY_KEYS,
  COMPLIANCE_CATEGORY_LABELS,
  ownerTaskBodySchema,
  type ComplianceCategoryKey,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useNotify } from '../../store/hooks';
import { Field, inputClass } from '../products/form-field';
import { useAddComplianceTaskMutation } from './compliance-api';
import { buttonClass, COMPLIANCE_TEXT } from './compliance-text';
import { IntervalFields, intervalOf, type IntervalDraft } from './interval-fields';
import { ProductPicker, type PickedProduct } from './product-picker';

type Kind = 'law' | 'standard' | 'practice';
interface Fields {
  title: string;
  categoryKey: ComplianceCategoryKey;
  product: PickedProduct | null;
  interval: IntervalDraft;
  source: string;
  clause: string;
  kind: Kind;
}
type ErrorKey = 'title' | 'categoryKey' | 'interval' | 'source' | 'clause';

const EMPTY: Fields = {
  title: '',
  categoryKey: 'fire-extinguisher',
  product: null,
  interval: { count: '12', unit: 'months' },
  source: '',
  clause: '',
  kind: 'practice',
};

export function AddTaskForm() {
  const id = useId();
  const [addTask] = useAddComplianceTaskMutation();
  const notify = useNotify();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Fields>) => setFields((current) => ({ ...current, ...change }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = ownerTaskBodySchema.safeParse({
      title: fields.title,
      categoryKey: fields.categoryKey,
      productId: fields.product?._id ?? null,
      interval: intervalOf(fields.interval),
      source: fields.source,
      clause: fields.clause,
      kind: fields.kind,
    });
    if (!parsed.success) {
      const found: Partial<Record<ErrorKey, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as ErrorKey] ??= issue.message;
      setErrors(found);
      const first = (['title', 'interval', 'source', 'clause'] as const).find((name) => found[name]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await addTask(parsed.data).unwrap();
      notify(COMPLIANCE_TEXT.added, 'success');
      setFields({ ...EMPTY, categoryKey: fields.categoryKey });
    } catch (failure) {
      setRefusal(errorMessage(failure, COMPLIANCE_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'title' | 'source' | 'clause', label: string, hint?: string) => (
    <Field label={label} htmlFor={`${id}-${name}`} error={errors[name]} hint={hint}>
      <input
        id={`${id}-${name}`}
        type="text"
        value={fields[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        className={inputClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
    </Field>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-800">
        {COMPLIANCE_TEXT.addTitle}
      </h2>
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {refusal}
        </p>
      )}
      {text('title', 'Task')}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" htmlFor={`${id}-category`}>
          <select
            id={`${id}-category`}
            value={fields.categoryKey}
            onChange={(event) => set({ categoryKey: event.target.value as ComplianceCategoryKey })}
            className={inputClass}
          >
            {COMPLIANCE_CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {COMPLIANCE_CATEGORY_LABELS[key]}
              </option>
            ))}
          </select>
        </Field>
        <IntervalFields
          id={`${id}-interval`}
          label="Every"
          draft={fields.interval}
          onChange={(interval) => set({ interval })}
          error={errors.interval}
        />
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700">For one product only (optional)</p>
        {fields.product ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Only for <span className="font-medium">{fields.product.title}</span>
            </span>
            <button type="button" className={buttonClass} onClick={() => set({ product: null })}>
              Every product of the category
            </button>
          </p>
        ) : (
          <ProductPicker onPick={(product) => set({ product })} />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('source', 'Source', 'e.g. an oil company circular, a State rule')}
        {text('clause', 'Clause', 'e.g. para 4.2; "none" for your own practice')}
      </div>
      <Field label="Kind" htmlFor={`${id}-kind`}>
        <select
          id={`${id}-kind`}
          value={fields.kind}
          onChange={(event) => set({ kind: event.target.value as Kind })}
          className={inputClass}
        >
          <option value="practice">Practice (no binding rule)</option>
          <option value="standard">Standard (an Indian Standard)</option>
          <option value="law">Law (an Act or rules under it)</option>
        </select>
      </Field>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? COMPLIANCE_TEXT.adding : COMPLIANCE_TEXT.add}
      </button>
    </form>
  );
}
