/**
 * The outlet register (docs/shop-rules.md#assets). Others use: the routes (app.ts, under /api/business) and
 * recordAssetsOfStatusChange (orders: an admin's status change keeps serial numbers when shipped and makes the
 * assets when delivered, in its transaction), the due view and the reminders (assetTasksDueBetween,
 * licencesDueBetween) and the AMC visits (recordCoveredTasks). Depends on business (who the caller is in which business).
 */
export { default as assetRoutes } from './routes';
export { default as calendarRoutes } from './calendar-routes';
export { recordAssetsOfStatusChange } from './delivery';
export { tasksOf } from './tasks';
export { assetTasksDueBetween, licencesDueBetween, type DueTask } from './due-tasks';
export { recordCoveredTasks } from './covered-tasks';
