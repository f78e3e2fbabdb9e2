/**
 * The checks of a product's kind that need the stored product or the schedule (docs/shop-rules.md#service-products):
 * a service's (or AMC's) tax code must be a SAC and goods' may not be, whichever of the two a form or a CSV row
 * changed; a service is never equipment (no compliance category, so it never becomes an asset); and the tasks a
 * product does must be tasks of the owner's compliance schedule.
 */
import {
  isServiceKind,
  PRODUCT_EQUIPMENT_MESSAGES,
  SERVICE_MESSAGES,
  taxCodeProblem,
  type ProductForm,
  type ProductKind,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { BadRequestError } from '../../lib/errors';
import { scheduleTasks } from '../compliance';
import { findKindFields } from './store/products';

type KindFields = Pick<ProductForm, 'kind' | 'hsnCode' | 'complianceCategory' | 'taskKeys'>;

type StoredKindFields = { kind: ProductKind; hsnCode: string | null; complianceCategory: string | null };

/**
 * The first problem of the kind fields, with the field it names; null when they fit. `stored`: the product as it is
 * (none for a new one); `knownTaskKeys`: the schedule's task keys (scheduleTaskKeys).
 */
export function kindFieldsProblem(
  form: KindFields,
  stored: StoredKindFields | undefined,
  knownTaskKeys: ReadonlySet<string>,
): { path: string; message: string } | null {
  const kind = form.kind ?? stored?.kind ?? 'goods';
  if (form.kind !== undefined || form.hsnCode !== undefined) {
    const code = form.hsnCode !== undefined ? form.hsnCode : (stored?.hsnCode ?? null);
    const problem = taxCodeProblem(kind, code);
    if (problem) return { path: 'hsnCode', message: problem };
  }
  const category = form.complianceCategory !== undefined ? form.complianceCategory : stored?.complianceCategory;
  if (isServiceKind(kind) && category) {
    return { path: 'complianceCategory', message: SERVICE_MESSAGES.serviceNotEquipment };
  }
  const unknown = form.taskKeys?.find((key) => !knownTaskKeys.has(key));
  if (unknown) return { path: 'taskKeys', message: PRODUCT_EQUIPMENT_MESSAGES.unknownTask(unknown) };
  return null;
}

export async function scheduleTaskKeys(db: DbOrTx): Promise<Set<string>> {
  return new Set((await scheduleTasks(db)).map((task) => task.key));
}

/** 400 naming the field when the kind fields do not fit (the product form's create and edit). */
export async function assertKindFields(db: DbOrTx, form: KindFields, productId?: string): Promise<void> {
  const stored = productId ? await findKindFields(db, productId) : undefined;
  const known = form.taskKeys?.length ? await scheduleTaskKeys(db) : new Set<string>();
  const problem = kindFieldsProblem(form, stored, known);
  if (problem) throw new BadRequestError(problem.message, [problem]);
}
