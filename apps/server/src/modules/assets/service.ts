/**
 * The outlet register (docs/shop-rules.md#assets) as a business's people use it: everyone in the business reads an
 * outlet's register; everyone but a viewer registers equipment bought elsewhere, edits an asset (its serial number
 * added or corrected), moves it to another outlet of the business, retires it and records a task done. Another
 * business's outlet or asset is 404, as one that does not exist.
 */
import {
  ASSET_MESSAGES,
  BUSINESS_MESSAGES,
  indiaDateOf,
  mayBuy,
  type AssetBody,
  type AssetDto,
  type LastRecordDto,
  type OutletRegisterDto,
  type TaskRecordBody,
  type TaskRecordDto,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { membershipOf, type Membership } from '../business';
import { scheduleTasks } from '../compliance';
import {
  findAsset,
  findLastRecords,
  findLiveAssetsOfOutlet,
  findOutletOfBusiness,
  insertAsset,
  insertTaskRecord,
  saveAttachment,
  updateAsset,
  type AssetRow,
  type OutletRow,
  type TaskRecordRow,
} from './store';
import type { AttachmentFile } from './attachments';
import { licenceTask, registerTasks, tasksOf } from './tasks';

type Db = Pick<AppContext, 'db'>;

export const assetDto = (row: AssetRow): AssetDto => ({
  _id: row.id,
  outletId: row.outletId,
  productId: row.productId,
  orderId: row.orderId,
  make: row.make,
  model: row.model,
  serialNumber: row.serialNumber,
  complianceCategory: row.complianceCategory,
  extinguisherType: row.extinguisherType,
  installedOn: row.installedOn,
  manufacturedOn: row.manufacturedOn,
  warrantyEndsOn: row.warrantyEndsOn,
  retiredOn: row.retiredOn,
});

const attachmentOf = (row: Pick<TaskRecordRow, 'attachmentName' | 'attachmentType' | 'attachmentSize'>) =>
  row.attachmentName && row.attachmentType && row.attachmentSize !== null
    ? { name: row.attachmentName, type: row.attachmentType, size: row.attachmentSize }
    : null;

export const taskRecordDto = (row: TaskRecordRow): TaskRecordDto => ({
  _id: row.id,
  assetId: row.assetId,
  taskKey: row.taskKey,
  doneOn: row.doneOn,
  note: row.note,
  attachment: attachmentOf(row),
});

export async function memberOf(db: DbOrTx, userId: string): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
  return membership;
}

/** The caller's membership when they may change the register: 404 in no business, 403 for a viewer. */
export async function editorOf(db: DbOrTx, userId: string): Promise<Membership> {
  const membership = await memberOf(db, userId);
  if (!mayBuy(membership.role)) throw new ForbiddenError(ASSET_MESSAGES.viewerCannotEdit);
  return membership;
}

export async function outletOf(db: DbOrTx, businessId: string, outletId: string) {
  const outlet = await findOutletOfBusiness(db, businessId, outletId);
  if (!outlet) throw new NotFoundError(BUSINESS_MESSAGES.outletNotFound);
  return outlet;
}

/** The business's asset, locked, and still in the register (409 once retired). */
async function liveAsset(tx: DbOrTx, businessId: string, assetId: string): Promise<AssetRow> {
  const asset = await findAsset(tx, businessId, assetId, true);
  if (!asset) throw new NotFoundError(ASSET_MESSAGES.notFound);
  if (asset.retiredOn) throw new ConflictError(ASSET_MESSAGES.retired);
  return asset;
}

const assetFields = (body: AssetBody) => ({
  make: body.make,
  model: body.model,
  serialNumber: body.serialNumber,
  complianceCategory: body.complianceCategory,
  extinguisherType: body.extinguisherType,
  installedOn: body.installedOn,
  manufacturedOn: body.manufacturedOn,
  warrantyEndsOn: body.warrantyEndsOn,
});

/** The outlet's register seen on `today`: its live assets with their tasks, and the licence's renewal. */
export async function registerOfOutlet(db: DbOrTx, outlet: OutletRow, today: string) {
  const [assets, schedule] = await Promise.all([findLiveAssetsOfOutlet(db, outlet.id), scheduleTasks(db)]);
  const lastDone = new Map<string, Map<string, string>>();
  const lastRecords = new Map<string, Map<string, LastRecordDto>>();
  for (const row of await findLastRecords(
    db,
    assets.map((asset) => asset.id),
  )) {
    const done = lastDone.get(row.assetId) ?? new Map<string, string>();
    done.set(row.taskKey, row.doneOn);
    lastDone.set(row.assetId, done);
    const records = lastRecords.get(row.assetId) ?? new Map<string, LastRecordDto>();
    records.set(row.taskKey, { _id: row.id, note: row.note, attachment: attachmentOf(row) });
    lastRecords.set(row.assetId, records);
  }
  return {
    licence: licenceTask(schedule, outlet.pesoLicenceValidUntil, today),
    assets: assets.map((asset) => ({
      ...assetDto(asset),
      tasks: registerTasks(
        schedule,
        asset,
        lastDone.get(asset.id) ?? new Map(),
        today,
        lastRecords.get(asset.id) ?? new Map(),
      ),
    })),
  };
}

/** GET /api/business/outlets/{id}/register: the outlet's live assets with their tasks, seen on today in India. */
export async function outletRegister(
  { db }: Db,
  userId: string,
  outletId: string,
  now: Date = new Date(),
): Promise<OutletRegisterDto> {
  const membership = await memberOf(db, userId);
  const outlet = await outletOf(db, membership.businessId, outletId);
  const today = indiaDateOf(now);
  return {
    outlet: {
      _id: outlet.id,
      name: outlet.name,
      pesoLicenceNumber: outlet.pesoLicenceNumber,
      pesoLicenceValidUntil: outlet.pesoLicenceValidUntil,
    },
    today,
    ...(await registerOfOutlet(db, outlet, today)),
  };
}

/** POST /api/business/outlets/{id}/assets: equipment bought elsewhere joins the outlet's register. */
export async function registerAsset({ db }: Db, userId: string, outletId: string, body: AssetBody): Promise<AssetDto> {
  const membership = await editorOf(db, userId);
  const outlet = await outletOf(db, membership.businessId, outletId);
  const row = await db.transaction((tx) =>
    insertAsset(tx, { businessId: membership.businessId, outletId: outlet.id, ...assetFields(body) }),
  );
  return assetDto(row);
}

/** PATCH /api/business/assets/{id}: every field of the asset as sent (its serial number added or corrected). */
export async function editAsset({ db }: Db, userId: string, assetId: string, body: AssetBody): Promise<AssetDto> {
  const membership = await editorOf(db, userId);
  const row = await db.transaction(async (tx) => {
    await liveAsset(tx, membership.businessId, assetId);
    return updateAsset(tx, assetId, assetFields(body));
  });
  return assetDto(row);
}

/** POST /api/business/assets/{id}/move: to another outlet of the same business (another business's is 404). */
export async function moveAsset({ db }: Db, userId: string, assetId: string, outletId: string): Promise<AssetDto> {
  const membership = await editorOf(db, userId);
  const row = await db.transaction(async (tx) => {
    const asset = await liveAsset(tx, membership.businessId, assetId);
    const outlet = await outletOf(tx, membership.businessId, outletId);
    if (asset.outletId === outlet.id) throw new ConflictError(ASSET_MESSAGES.sameOutlet);
    return updateAsset(tx, assetId, { outletId: outlet.id });
  });
  return assetDto(row);
}

/** POST /api/business/assets/{id}/retire: it leaves the register, its row and records kept. */
export async function retireAsset({ db }: Db, userId: string, assetId: string, retiredOn: string): Promise<AssetDto> {
  const membership = await editorOf(db, userId);
  const row = await db.transaction(async (tx) => {
    const asset = await liveAsset(tx, membership.businessId, assetId);
    if (retiredOn < asset.installedOn) throw new BadRequestError(ASSET_MESSAGES.retiredBeforeInstalled);
    return updateAsset(tx, assetId, { retiredOn });
  });
  return assetDto(row);
}

/**
 * POST /api/business/assets/{id}/records: a task of the asset done on a day (not to come, not before it was
 * installed); its next due day counts from that day (docs/compliance-schedules.md#due-dates).
 */
export async function recordTaskDone(
  { db }: Db,
  userId: string,
  assetId: string,
  body: TaskRecordBody,
  file: AttachmentFile | null = null,
  now: Date = new Date(),
): Promise<TaskRecordDto> {
  const membership = await editorOf(db, userId);
  return db.transaction(async (tx) => {
    const asset = await liveAsset(tx, membership.businessId, assetId);
    if (!tasksOf(await scheduleTasks(tx), asset).some((task) => task.key === body.taskKey)) {
      throw new BadRequestError(ASSET_MESSAGES.unknownTask(body.taskKey));
    }
    if (body.doneOn > indiaDateOf(now)) throw new BadRequestError(ASSET_MESSAGES.doneInFuture);
    if (body.doneOn < asset.installedOn) throw new BadRequestError(ASSET_MESSAGES.doneBeforeInstalled);
    const record = await insertTaskRecord(tx, { assetId, ...body, recordedBy: userId });
    return taskRecordDto(file ? await saveAttachment(tx, record.id, file) : record);
  });
}
