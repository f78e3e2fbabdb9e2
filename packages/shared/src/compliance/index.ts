/** Compliance schedules of an outlet's equipment: the default tasks with their sources, and due-date arithmetic. */
export * from './dates';
export * from './tasks';
export * from './due';
