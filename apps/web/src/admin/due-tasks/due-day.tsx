/** A due day as the Due tasks page shows it: the date, and "Overdue" in red before today. */
import { formatDate } from '../lib/format';

export function DueDay({ day, overdue }: { day: string; overdue: boolean }) {
  return (
    <span className={overdue ? 'font-semibold text-red-700' : 'text-slate-900'}>
      {formatDate(day)}
      {overdue && <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold">Overdue</span>}
    </span>
  );
}
