/**
 * A task record's attachment after the record was made (docs/shop-rules.md#assets): added (or replaced) by anyone
 * of the business but a viewer, read by anyone of the business; another business's record is 404.
 */
import { ASSET_MESSAGES } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AttachmentFile } from './attachments';
import { editorOf, memberOf, taskRecordDto } from './service';
import { findAttachmentData, findRecordOfBusiness, saveAttachment } from './store';

type Db = Pick<AppContext, 'db'>;

async function recordOf(db: DbOrTx, businessId: string, recordId: string, lock = false) {
  const record = await findRecordOfBusiness(db, businessId, recordId, lock);
  if (!record) throw new NotFoundError(ASSET_MESSAGES.recordNotFound);
  return record;
}

/** PUT /api/business/records/{id}/attachment: the record's attachment, replacing one it had (not once retired). */
export async function attachToRecord({ db }: Db, userId: string, recordId: string, file: AttachmentFile) {
  const membership = await editorOf(db, userId);
  return db.transaction(async (tx) => {
    const record = await recordOf(tx, membership.businessId, recordId, true);
    if (record.retiredOn) throw new ConflictError(ASSET_MESSAGES.retired);
    return taskRecordDto(await saveAttachment(tx, record.id, file));
  });
}

/** GET /api/business/records/{id}/attachment: the file, its type and name, for anyone of the business. */
export async function recordAttachment({ db }: Db, userId: string, recordId: string) {
  const membership = await memberOf(db, userId);
  const record = await recordOf(db, membership.businessId, recordId);
  const data = record.attachmentType ? await findAttachmentData(db, record.id) : undefined;
  if (!data || !record.attachmentType) throw new NotFoundError(ASSET_MESSAGES.attachmentMissing);
  return { data, type: record.attachmentType, name: record.attachmentName ?? 'attachment' };
}
