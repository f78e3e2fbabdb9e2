/**
 * Compliance schedules (docs/compliance-schedules.md#owner-changes): the owner's changes under
 * /api/admin/compliance, and scheduleTasks, the effective list of tasks the rest of the server reads.
 */
export { default as complianceRoutes } from './routes';
export { scheduleTasks, scheduleEntries } from './schedule';
