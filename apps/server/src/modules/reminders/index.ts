/**
 * Reminders of tasks falling due (docs/shop-rules.md#reminders): the daily job app.ts starts (startReminderJob), and
 * its run for a day (runReminderJob with the day's claim, remindOn without) for tests and the bench. Depends on
 * assets (the tasks due), compliance (the schedule), mail (the outbox) and price-lists (the business's prices).
 */
export { remindOn, runReminderJob, startReminderJob, type ReminderResult } from './job';
export { default as reminderRoutes } from './routes';
