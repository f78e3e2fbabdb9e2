/**
 * The job that folds the dashboard's pending deltas into its totals (docs/shop-rules.md#dashboard), so that the
 * pending rows a read adds up stay few.
 */
import type { AppContext } from '../../context';
import { foldDeltas } from './store';

/** Folds every SWEEP_INTERVAL_SEC until stopped (the stats routes start it when the app is ready). */
export function startFolding(ctx: Pick<AppContext, 'db' | 'config'>, log: { error(obj: object, msg: string): void }) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = foldDeltas(ctx.db)
      .catch((err: unknown) => log.error({ err }, 'folding the dashboard totals failed'))
      .finally(() => {
        running = undefined;
      });
  }, ctx.config.SWEEP_INTERVAL_SEC * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
