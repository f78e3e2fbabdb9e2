/**
 * The due view as a CSV file (docs/shop-rules.md#due-view): one row per task due, overdue ones too, with whose it is
 * and whom to call (the business's admin). Streamed a batch of assets at a time, as the view reads them: rows are by
 * due day within a batch, not across the file (sorting the whole file would hold it all; a spreadsheet sorts).
 */
import { indiaDateOf, type DueWindow } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import type { CsvRow } from '../../lib/csv-stream';
import { compareDue, dueTaskBatches } from './service';
import { findOutletContacts } from './store';

export const DUE_CSV_COLUMNS = [
  'Due on',
  'Overdue',
  'Task',
  'Business',
  'GSTIN',
  'Outlet',
  'Dealer code',
  'City',
  'State',
  'Contact',
  'Phone',
  'E-mail',
  'Make',
  'Model',
  'Serial number',
  'Last done',
] as const;

export async function* dueCsvBatches(db: DbOrTx, today: string, to: string): AsyncGenerator<CsvRow[]> {
  for await (const batch of dueTaskBatches(db, to)) {
    const contacts = await findOutletContacts(db, [...new Set(batch.map((task) => task.outletId))]);
    yield [...batch].sort(compareDue).map((task) => {
      const contact = contacts.get(task.outletId);
      return [
        task.dueOn,
        task.dueOn < today ? 'yes' : 'no',
        task.title,
        contact?.businessName ?? '',
        contact?.gstin ?? null,
        task.outletName,
        contact?.dealerCode ?? '',
        task.city,
        contact?.state ?? '',
        contact?.contactName ?? null,
        contact?.contactPhone ?? null,
        contact?.contactEmail ?? null,
        task.make,
        task.model,
        task.serialNumber,
        task.lastDoneOn,
      ];
    });
  }
}

export const dueCsvFileName = (days: DueWindow, now: Date) => `due-tasks-${days}-days-${indiaDateOf(now)}.csv`;
