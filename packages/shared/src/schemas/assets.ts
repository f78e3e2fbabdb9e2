/**
 * Contracts of the outlet register (docs/shop-rules.md#assets): a business's equipment at its outlets (assets), the
 * records of compliance tasks done, and the register of an outlet with each task's next due day and state.
 */
import { z } from 'zod';
import { COMPLIANCE_CATEGORY_KEYS, EXTINGUISHER_TYPES } from '../compliance';
import { MAX_IMAGE_BYTES } from '../constants';
import { COMPLIANCE_CATEGORY_LABELS, EXTINGUISHER_TYPE_LABELS } from './compliance';
import { idSchema, indiaDaySchema, textSchema } from './fields';

/** The largest note or certificate a task record may carry: as a product picture. */
export const MAX_ATTACHMENT_BYTES = MAX_IMAGE_BYTES;
/** What a record's attachment may be: a PDF or a picture, told by its first bytes. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** What the register's calls answer, quoted in docs/shop-rules.md#assets. */
export const ASSET_MESSAGES = {
  notFound: 'Asset not found.',
  viewerCannotEdit: 'Your role in your business is viewer: you can see its equipment register but not change it.',
  retired: 'This asset is retired: it can no longer be changed.',
  sameOutlet: 'The asset is already at this outlet.',
  unknownTask: (taskKey: string) => `"${taskKey}" is not one of this asset's compliance tasks.`,
  doneInFuture: 'A task cannot be recorded as done on a day still to come.',
  doneBeforeInstalled: 'A task cannot be recorded as done before the asset was installed.',
  retiredBeforeInstalled: 'An asset cannot be retired before it was installed.',
  manufacturedAfterInstalled: 'The manufacture date cannot be after the installation date.',
  warrantyBeforeInstalled: 'The warranty cannot end before the installation date.',
  extinguisherTypeOnlyForExtinguishers: 'An extinguisher type is only for a fire extinguisher.',
  serialItemNotInOrder: 'A serial number was given for a line that is not in this order.',
  tooManySerials: (title: string, quantity: number) =>
    `"${title}" has ${quantity} unit${quantity === 1 ? '' : 's'}: give at most ${quantity} serial number${quantity === 1 ? '' : 's'}.`,
  added: 'Equipment added to the register.',
  saved: 'Asset saved.',
  moved: 'Asset moved.',
  retiredDone: 'Asset retired: it has left the register.',
  recorded: 'Task recorded.',
  attachmentAdded: 'Attachment added to the record.',
  recordNotFound: 'Record not found.',
  attachmentMissing: 'This record has no attachment.',
  attachmentType: 'Attach a PDF or a picture (JPEG, PNG or WebP).',
  attachmentEmpty: 'The attached file is empty.',
  attachmentTooLarge: `The attached file is too large: at most ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB.`,
  attachmentOne: 'Attach one file at most.',
  multipartExpected: 'This call expects a multipart/form-data body.',
  calendarReset: 'The calendar link was replaced: the old one no longer works.',
} as const;

const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

export const SERIAL_NUMBER_MAX = 100;
export const serialNumberSchema = textSchema('Serial number', { error: 'Serial number must be text.' })
  .trim()
  .max(SERIAL_NUMBER_MAX, `Serial number must be at most ${SERIAL_NUMBER_MAX} characters.`);

const optionalDay = (label: string) => z.preprocess(blankAsNull, indiaDaySchema(label).nullable().default(null));

export const complianceCategorySchema = z.enum(COMPLIANCE_CATEGORY_KEYS, {
  error: `Choose a compliance category: ${COMPLIANCE_CATEGORY_KEYS.join(', ')}.`,
});
export const extinguisherTypeSchema = z.enum(EXTINGUISHER_TYPES, {
  error: `Choose an extinguisher type: ${EXTINGUISHER_TYPES.join(', ')}.`,
});

/**
 * An asset as the business registers or edits it: equipment bought elsewhere, or a delivered unit corrected (its
 * serial number added, its dates). Days are India calendar days, YYYY-MM-DD.
 */
export const assetBodySchema = z
  .object({
    make: textSchema('Make').trim().max(100, 'Make must be at most 100 characters.').default(''),
    model: textSchema('Model').trim().max(200, 'Model must be at most 200 characters.').default(''),
    serialNumber: z.preprocess(blankAsNull, serialNumberSchema.nullable().default(null)),
    complianceCategory: complianceCategorySchema,
    extinguisherType: z.preprocess(blankAsNull, extinguisherTypeSchema.nullable().default(null)),
    installedOn: indiaDaySchema('Installed on'),
    manufacturedOn: optionalDay('Manufactured on'),
    warrantyEndsOn: optionalDay('Warranty ends on'),
  })
  .superRefine((body, ctx) => {
    if (body.extinguisherType && body.complianceCategory !== 'fire-extinguisher') {
      ctx.addIssue({
        code: 'custom',
        path: ['extinguisherType'],
        message: ASSET_MESSAGES.extinguisherTypeOnlyForExtinguishers,
      });
    }
    // Days as YYYY-MM-DD compare as text.
    if (body.manufacturedOn && body.manufacturedOn > body.installedOn) {
      ctx.addIssue({ code: 'custom', path: ['manufacturedOn'], message: ASSET_MESSAGES.manufacturedAfterInstalled });
    }
    if (body.warrantyEndsOn && body.warrantyEndsOn < body.installedOn) {
      ctx.addIssue({ code: 'custom', path: ['warrantyEndsOn'], message: ASSET_MESSAGES.warrantyBeforeInstalled });
    }
  });
export type AssetBody = z.infer<typeof assetBodySchema>;

export const moveAssetBodySchema = z.object({ outletId: idSchema });
export const retireAssetBodySchema = z.object({ retiredOn: indiaDaySchema('Retired on') });
export const taskRecordBodySchema = z.object({
  taskKey: textSchema('Task', { error: 'Choose the task done.' }).trim().min(1, 'Choose the task done.').max(100),
  doneOn: indiaDaySchema('Done on'),
  note: textSchema('Note').trim().max(1000, 'Note must be at most 1000 characters.').default(''),
});
export type TaskRecordBody = z.infer<typeof taskRecordBodySchema>;

/** The serial numbers the owner records when shipping an order: per order line, one per unit, in unit order. */
export const lineSerialsSchema = z
  .array(z.object({ itemId: idSchema, serialNumbers: z.array(serialNumberSchema).max(1000) }))
  .max(200);
export type LineSerials = z.infer<typeof lineSerialsSchema>;

export const dueStateSchema = z.enum(['overdue', 'due-this-month', 'due-next-month', 'later']);

/** How the register's page and its PDF name each state. */
export const DUE_STATE_LABELS: Record<z.infer<typeof dueStateSchema>, string> = {
  overdue: 'Overdue',
  'due-this-month': 'Due this month',
  'due-next-month': 'Due next month',
  later: 'Later',
};

export const attachmentSchema = z.object({ name: z.string(), type: z.string(), size: z.number() });

/** The last record of a task: its note and its attachment, if any (GET /api/business/records/{_id}/attachment). */
export const lastRecordSchema = z.object({
  _id: z.string(),
  note: z.string(),
  attachment: attachmentSchema.nullable(),
});
export type LastRecordDto = z.infer<typeof lastRecordSchema>;

/** One compliance task of an asset (or of the outlet's licence) as the register shows it. */
export const registerTaskSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** '1 month', '3 years' (formatInterval); null for the licence's validity, which is a day, not an interval. */
  interval: z.string().nullable(),
  lastDoneOn: z.string().nullable(),
  dueOn: z.string(),
  state: dueStateSchema,
  /** The record of the last day it was done; null when never recorded (and for the licence). */
  lastRecord: lastRecordSchema.nullable(),
});
export type RegisterTaskDto = z.infer<typeof registerTaskSchema>;

export const assetSchema = z.object({
  _id: z.string(),
  outletId: z.string().nullable(),
  productId: z.string().nullable(),
  orderId: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  serialNumber: z.string().nullable(),
  complianceCategory: complianceCategorySchema,
  extinguisherType: extinguisherTypeSchema.nullable(),
  installedOn: z.string(),
  manufacturedOn: z.string().nullable(),
  warrantyEndsOn: z.string().nullable(),
  retiredOn: z.string().nullable(),
});
export type AssetDto = z.infer<typeof assetSchema>;

export const registerAssetSchema = assetSchema.extend({ tasks: z.array(registerTaskSchema) });
export type RegisterAssetDto = z.infer<typeof registerAssetSchema>;

/** GET /api/business/outlets/{id}/register. */
export const outletRegisterSchema = z.object({
  outlet: z.object({
    _id: z.string(),
    name: z.string(),
    pesoLicenceNumber: z.string().nullable(),
    pesoLicenceValidUntil: z.string().nullable(),
  }),
  /** The India calendar day the states are seen on. */
  today: z.string(),
  /** The PESO licence's renewal, due the day its validity ends; null when the validity is not entered. */
  licence: registerTaskSchema.nullable(),
  assets: z.array(registerAssetSchema),
});
export type OutletRegisterDto = z.infer<typeof outletRegisterSchema>;

export const assetResponseSchema = z.object({ message: z.string(), asset: assetSchema });
export const taskRecordSchema = z.object({
  _id: z.string(),
  assetId: z.string(),
  taskKey: z.string(),
  doneOn: z.string(),
  note: z.string(),
  attachment: attachmentSchema.nullable(),
});
export type TaskRecordDto = z.infer<typeof taskRecordSchema>;
export const taskRecordResponseSchema = z.object({ message: z.string(), record: taskRecordSchema });

/** POST/GET /api/business/outlets/{id}/calendar: the outlet's calendar feed (an .ics URL with its secret). */
export const calendarFeedSchema = z.object({ url: z.string(), message: z.string().optional() });
export type CalendarFeedDto = z.infer<typeof calendarFeedSchema>;

/**
 * Make and model as one name, '' when neither is known. A delivered unit's model is the product's title, which usually
 * starts with its brand (the make): the brand is then not said twice.
 */
export function makeAndModel({ make, model }: { make: string; model: string }): string {
  const brand = model.toLowerCase().startsWith(make.toLowerCase()) ? '' : make;
  return [brand, model].filter(Boolean).join(' ');
}

/**
 * How the register, its PDF and its calendar name an asset: make and model (the category when neither is known),
 * an extinguisher's type, and its serial number when it has one.
 */
export function assetName(
  asset: Pick<AssetDto, 'make' | 'model' | 'complianceCategory' | 'extinguisherType' | 'serialNumber'>,
  { serial = true }: { serial?: boolean } = {},
): string {
  const name = makeAndModel(asset) || COMPLIANCE_CATEGORY_LABELS[asset.complianceCategory];
  const type = asset.extinguisherType ? ` · ${EXTINGUISHER_TYPE_LABELS[asset.extinguisherType]}` : '';
  return `${name}${type}${serial && asset.serialNumber ? ` · serial ${asset.serialNumber}` : ''}`;
}
