/**
 * The owner's due view (docs/shop-rules.md#due-view): tasks due across customers' outlets, under /api/admin/due-tasks.
 * Depends on assets (the tasks due) and compliance (the schedule in force).
 */
export { default as dueViewRoutes } from './routes';
