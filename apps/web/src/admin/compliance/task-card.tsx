/**
 * One task of the schedule: its title, interval, kind and basis, what the owner changed, and its actions: change the
 * interval, turn a default off or on, put it back to default, or remove one of the owner's own tasks.
 */
import { useId, useState } from 'react';
import {
  complianceIntervalSchema,
  EXTINGUISHER_TYPE_LABELS,
  formatComplianceInterval,
  type ScheduleTaskDto,
} from '@pumpkart/shared';
import { errorMessage } from '../../api/http';
import { useConfirm } from '../../ui/confirm-dialog';
import { useNotify } from '../../store/hooks';
import {
  useEditComplianceTaskMutation,
  useOverrideComplianceTaskMutation,
  useRemoveComplianceTaskMutation,
  useResetComplianceTaskMutation,
} from './compliance-api';
import { buttonClass, COMPLIANCE_TEXT, KIND_STYLES } from './compliance-text';
import { draftOf, IntervalFields, intervalOf } from './interval-fields';

export function TaskCard({ task }: { task: ScheduleTaskDto }) {
  const id = useId();
  const [override] = useOverrideComplianceTaskMutation();
  const [reset] = useResetComplianceTaskMutation();
  const [edit] = useEditComplianceTaskMutation();
  const [remove] = useRemoveComplianceTaskMutation();
  const notify = useNotify();
  const { ask, dialog } = useConfirm();
  const [draft, setDraft] = useState<ReturnType<typeof draftOf> | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await change();
      notify(success, 'success');
      return true;
    } catch (failure) {
      notify(errorMessage(failure, COMPLIANCE_TEXT.failed), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveInterval = async () => {
    const parsed = complianceIntervalSchema.safeParse(intervalOf(draft!));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const saved = await run(
      () =>
        task.origin === 'owner'
          ? edit({ key: task.key, body: { interval: parsed.data } }).unwrap()
          : override({ key: task.key, body: { interval: parsed.data, disabled: task.disabled } }).unwrap(),
      COMPLIANCE_TEXT.saved,
    );
    if (saved) setDraft(null);
  };

  const onRemove = async () => {
    const sure = await ask({
      title: 'Remove this task?',
      message: `"${task.title}" leaves every outlet register; the records of it done stay.`,
      confirmLabel: COMPLIANCE_TEXT.remove,
      destructive: true,
    });
    if (sure) await run(() => remove(task.key).unwrap(), 'The task was removed.');
  };

  const changed = task.override?.interval ?? null;
  return (
    <li
      className={`space-y-2 px-4 py-3 ${task.disabled ? 'bg-slate-50' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={`task-${task.key}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3
          id={`${id}-title`}
          className={`font-medium ${task.disabled ? 'text-slate-600 line-through' : 'text-slate-900'}`}
        >
          {task.title}
        </h3>
        <span className="text-sm font-semibold text-slate-900">
          every {formatComplianceInterval(task.interval)}
          {task.endOfLife ? ' from manufacture' : ''}
        </span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded-full px-2 py-0.5 font-medium ${KIND_STYLES[task.basis.kind]}`}>
          {task.basis.kind}
        </span>
        {task.origin === 'owner' && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
            {COMPLIANCE_TEXT.ownTask}
          </span>
        )}
        {changed && task.defaultInterval && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
            {COMPLIANCE_TEXT.changed(formatComplianceInterval(task.defaultInterval))}
          </span>
        )}
        {task.disabled && (
          <span className="rounded-full bg-slate-300 px-2 py-0.5 font-medium text-slate-800">
            {COMPLIANCE_TEXT.off}
          </span>
        )}
        <span className="text-slate-600">
          {task.productTitle
            ? `For ${task.productTitle} only`
            : `For ${task.extinguisherTypes?.map((type) => EXTINGUISHER_TYPE_LABELS[type]).join('; ') ?? 'all'}`}
        </span>
      </p>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{task.basis.source}</span>: {task.basis.clause}{' '}
        <span className="text-xs text-slate-600">(checked: {task.basis.checked})</span>
      </p>

      {draft ? (
        <div className="flex flex-wrap items-end gap-2">
          <IntervalFields id={`${id}-interval`} label="New interval" draft={draft} onChange={setDraft} error={error} />
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void saveInterval()}>
            {COMPLIANCE_TEXT.save}
          </button>
          <button type="button" className={buttonClass} onClick={() => (setDraft(null), setError(undefined))}>
            {COMPLIANCE_TEXT.cancel}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label={`${COMPLIANCE_TEXT.changeInterval}: ${task.title}`}
            onClick={() => setDraft(draftOf(task.interval))}
          >
            {COMPLIANCE_TEXT.changeInterval}
          </button>
          {task.origin === 'default' && (
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              aria-label={`${task.disabled ? COMPLIANCE_TEXT.turnOn : COMPLIANCE_TEXT.turnOff}: ${task.title}`}
              onClick={() =>
                void run(
                  () =>
                    task.disabled && !changed
                      ? reset(task.key).unwrap()
                      : override({ key: task.key, body: { interval: changed, disabled: !task.disabled } }).unwrap(),
                  task.disabled ? 'The task was turned on.' : 'The task was turned off.',
                )
              }
            >
              {task.disabled ? COMPLIANCE_TEXT.turnOn : COMPLIANCE_TEXT.turnOff}
            </button>
          )}
          {task.override && (
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              aria-label={`${COMPLIANCE_TEXT.backToDefault}: ${task.title}`}
              onClick={() => void run(() => reset(task.key).unwrap(), 'The task is back to its default.')}
            >
              {COMPLIANCE_TEXT.backToDefault}
            </button>
          )}
          {task.origin === 'owner' && (
            <button
              type="button"
              className={`${buttonClass} text-red-700 hover:bg-red-50`}
              disabled={busy}
              aria-label={`${COMPLIANCE_TEXT.remove}: ${task.title}`}
              onClick={() => void onRemove()}
            >
              {COMPLIANCE_TEXT.remove}
            </button>
          )}
        </div>
      )}
      {dialog}
    </li>
  );
}
