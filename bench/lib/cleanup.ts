/**
 * Everything the harness starts (servers, load processes, browsers, throw-away databases, data
 * directories) registers how to undo itself here. Undo runs newest first, on success, on error and
 * on Ctrl-C / SIGTERM, so that no server or database outlives the run.
 */

type Undo = () => Promise<void> | void;

const pending = new Map<number, { label: string; undo: Undo }>();
let nextId = 0;
let installed = false;
let interrupted = false;
/** Cleanups run one after another: a second call waits for the first and then drains what is new. */
let chain: Promise<void> = Promise.resolve();

/** Registers an undo step; the returned function runs it now (once) and forgets it. */
export function onCleanup(label: string, undo: Undo): () => Promise<void> {
  installSignalHandlers();
  const id = nextId++;
  pending.set(id, { label, undo });
  return async () => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    await entry.undo();
  };
}

async function drain(): Promise<void> {
  const entries = [...pending.entries()].reverse();
  pending.clear();
  for (const [, entry] of entries) {
    try {
      await entry.undo();
    } catch (error) {
      console.error(`cleanup "${entry.label}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Runs every pending undo step, newest first; a failing step is reported and the rest still run. */
export function cleanupAll(): Promise<void> {
  chain = chain.then(drain);
  return chain;
}

/** True once Ctrl-C / SIGTERM arrived: no new scenario starts, and the signal handler exits. */
export function wasInterrupted(): boolean {
  return interrupted;
}

function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping everything the benchmark started...`);
      void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
