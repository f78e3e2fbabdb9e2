/**
 * The owner's Compliance schedules page (/admin/compliance-schedules, docs/compliance-schedules.md#owner-changes):
 * every task by equipment category with its interval, kind and basis, the owner's changes marked; change an
 * interval, turn a default off or put it back, add or remove the owner's own tasks. Over /api/admin/compliance.
 */
import { COMPLIANCE_CATEGORY_KEYS, COMPLIANCE_CATEGORY_LABELS } from '@pumpkart/shared';
import { ErrorText, LoadingText, PageHeader } from '../ui/page-header';
import { AddTaskForm } from './add-task-form';
import { useGetComplianceScheduleQuery } from './compliance-api';
import { COMPLIANCE_TEXT } from './compliance-text';
import { TaskCard } from './task-card';

export { COMPLIANCE_TEXT };

export function ComplianceSchedulesPage() {
  const schedule = useGetComplianceScheduleQuery();
  const tasks = schedule.data?.tasks ?? [];

  return (
    <div>
      <PageHeader title={COMPLIANCE_TEXT.title} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600">{COMPLIANCE_TEXT.intro}</p>
      {schedule.isError && <ErrorText text={COMPLIANCE_TEXT.loadFailed} />}
      {schedule.isLoading && <LoadingText text={COMPLIANCE_TEXT.loading} />}
      {schedule.data && (
        <div className="space-y-6">
          {COMPLIANCE_CATEGORY_KEYS.map((category) => {
            const ofCategory = tasks.filter((task) => task.categoryKey === category);
            const headingId = `compliance-${category}`;
            return (
              <section key={category} aria-labelledby={headingId}>
                <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
                  {COMPLIANCE_CATEGORY_LABELS[category]}
                </h2>
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                  {ofCategory.map((task) => (
                    <TaskCard key={task.key} task={task} />
                  ))}
                </ul>
              </section>
            );
          })}
          <AddTaskForm />
        </div>
      )}
    </div>
  );
}
