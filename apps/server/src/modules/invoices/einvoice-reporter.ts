/**
 * The e-invoice reporter (docs/decisions/0029-e-invoicing.md): after a B2B document is issued (pending), it sends
 * the document's INV-01 JSON to the IRP and records the IRN, the acknowledgement and the signed QR code. It runs
 * every EINVOICE_POLL_INTERVAL_MS in every process, outside any transaction that issues documents, so a slow or
 * unreachable portal never holds up a payment or a cancellation.
 *
 * - Each attempt is claimed by a conditional update of the attempt count with a 2-minute lease (store/einvoice.ts):
 *   several processes report different documents and a reporter that dies leaves the document due again.
 * - Unreachable or failing portal: retried after a wait that doubles from 30 s up to an hour, without end.
 * - A refusal (the IRP's error code): not retried by itself, since the same JSON gets the same answer; the admin
 *   sees the error on the E-invoices page and retries after fixing the cause.
 * - Duplicate (2150, the document was registered but the answer was lost): the IRP's registration is taken.
 */
import type { Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { DuplicateIrn, IrpRejection, type IrnRegistration, type IrpClient } from '../../irp/irp';
import { claimEinvoice, findDueEinvoices, recordFailure, recordRegistration } from './store/einvoice';
import { inv01Of } from './einvoice-inv01';

const BATCH = 50;
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

export interface ReportResult {
  registered: number;
  failed: number;
}

/** The wait after the n-th failed attempt (n from 1). */
export const retryDelayMs = (attempts: number) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(20, Math.max(0, attempts - 1)));

/** Reports every document due at `now`; safe to run in several processes at once. */
export async function reportDueEinvoices(
  db: DbOrTx,
  irp: IrpClient,
  log: Log,
  now: () => Date = () => new Date(),
): Promise<ReportResult> {
  const result: ReportResult = { registered: 0, failed: 0 };
  const due = await findDueEinvoices(db, now(), BATCH);
  for (const document of due) {
    const claim = await claimEinvoice(db, document, new Date(now().getTime() + LEASE_MS));
    if (!claim) continue;
    const attempt = { id: document.id, attempts: claim.attempts };
    let registration: IrnRegistration;
    try {
      registration = await irp.generate(inv01Of(claim.document));
    } catch (error) {
      if (error instanceof DuplicateIrn) {
        registration = error.existing;
      } else {
        const refused = error instanceof IrpRejection;
        const next = refused ? null : new Date(now().getTime() + retryDelayMs(claim.attempts));
        const message = error instanceof Error ? error.message : String(error);
        await recordFailure(db, attempt, message, next);
        log.warn({ documentId: document.id, number: claim.document.number, err: error }, 'e-invoice not registered');
        result.failed += 1;
        continue;
      }
    }
    if (await recordRegistration(db, attempt, registration)) {
      result.registered += 1;
      log.info({ number: claim.document.number, irn: registration.irn }, 'e-invoice registered');
    }
  }
  return result;
}

/** The periodic reporting: start() when the app is ready, stop() clears the timer and waits for a pass under way. */
export function createEinvoiceReporter(
  db: DbOrTx,
  irp: IrpClient,
  log: Log,
  intervalMs: number,
): { start(): void; stop(): Promise<void>; runNow(): Promise<void> } {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= reportDueEinvoices(db, irp, log)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'the e-invoice reporting failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    start: () => {
      timer ??= setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    runNow: run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
