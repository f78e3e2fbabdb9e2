/**
 * When a compliance task falls due, and how near that is (docs/compliance-schedules.md#due-dates). Pure: today is
 * always passed in, as an India calendar day, so the reminder job and the register agree on every server.
 */
import { addDays, addMonths, compareDays, parseCalendarDay } from './dates';
import type { ComplianceTask } from './tasks';

export interface NextDueInput {
  task: ComplianceTask;
  /** The day the asset was installed at the outlet (for a licence: the day it was granted). */
  installedOn: string;
  /** The last day the task was done, if it ever was; ignored by end-of-life tasks. */
  lastDoneOn?: string | null;
  /** The day the asset was made, when known: end of life counts from it (IS 2190 counts an extinguisher's life so). */
  manufacturedOn?: string | null;
}

function addInterval(day: string, task: ComplianceTask): string {
  return task.intervalDays !== undefined ? addDays(day, task.intervalDays) : addMonths(day, task.intervalMonths);
}

/**
 * The day a task next falls due: its interval after the last time it was done, or after installation when it never
 * was. A task done early or late restarts from the day it was done. End of life counts once, from manufacture (or
 * installation when the manufacture date is unknown), whatever was done since.
 */
export function nextDueDate({ task, installedOn, lastDoneOn, manufacturedOn }: NextDueInput): string {
  if (task.endOfLife) return addInterval(manufacturedOn ?? installedOn, task);
  return addInterval(lastDoneOn ?? installedOn, task);
}

export type DueState = 'overdue' | 'due-this-month' | 'due-next-month' | 'later';

/**
 * How near a due day is, seen on `today`: past it is overdue (the due day itself is not); otherwise by calendar month,
 * so the register's "this month" and "next month" columns match the wall calendar, not a sliding 30 days.
 */
export function dueState(dueOn: string, today: string): DueState {
  if (compareDays(dueOn, today) < 0) return 'overdue';
  const due = parseCalendarDay(dueOn);
  const now = parseCalendarDay(today);
  const monthsAhead = (due.year - now.year) * 12 + (due.month - now.month);
  if (monthsAhead === 0) return 'due-this-month';
  if (monthsAhead === 1) return 'due-next-month';
  return 'later';
}

/** Days before the due day on which the outlet's people get a reminder, earliest first. */
export const REMINDER_DAYS_BEFORE = [30, 7, 0] as const;

/** The three reminder days of a due day: 30 days before, 7 days before and the day itself. */
export function remindersOn(dueOn: string): [string, string, string] {
  const [first, second, third] = REMINDER_DAYS_BEFORE;
  return [addDays(dueOn, -first), addDays(dueOn, -second), addDays(dueOn, -third)];
}
