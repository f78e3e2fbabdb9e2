/**
 * Annual maintenance contracts (docs/shop-rules.md#amc): made when an order with an AMC line is delivered to a
 * business's outlet, in the status change's transaction; the open visits the back office lists; a visit marked done
 * by staff, which also records the tasks the AMC product covers on the outlet's register; and an outlet's contracts
 * as its people see them.
 */
import {
  addDays,
  amcEndsOn,
  amcVisitDueDays,
  AMC_VISITS_LIST_MAX,
  BUSINESS_MESSAGES,
  DUE_VIEW_MESSAGES,
  indiaDateOf,
  type AmcContractDto,
  type AmcVisitDoneBody,
  type AmcVisitDto,
  type AmcVisitsDueDto,
  type AmcVisitsPerYear,
  type DueWindow,
  type OutletAmcDto,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { recordCoveredTasks } from '../assets';
import { membershipOf } from '../business';
import { scheduleTasks } from '../compliance';
import {
  findContractsOfOutlet,
  findOpenVisitsDue,
  findOutletOfBusiness,
  findVisitForUpdate,
  insertDeliveredContracts,
  insertVisits,
  markVisitDone,
  type AmcVisitRow,
} from './store';

/** The order's AMC lines become contracts starting on the day of delivery in India, with their visits scheduled. */
export async function recordContractsOfDelivery(tx: DbOrTx, orderId: string, now: Date): Promise<number> {
  const startsOn = indiaDateOf(now);
  const made = await insertDeliveredContracts(tx, orderId, startsOn, amcEndsOn(startsOn));
  await insertVisits(
    tx,
    made.flatMap((contract) =>
      amcVisitDueDays(startsOn, contract.visitsPerYear as AmcVisitsPerYear).map((dueOn, index) => ({
        contractId: contract.id,
        number: index + 1,
        dueOn,
      })),
    ),
  );
  return made.length;
}

const visitDto = (row: AmcVisitRow): AmcVisitDto => ({
  _id: row.id,
  contractId: row.contractId,
  number: row.number,
  dueOn: row.dueOn,
  doneOn: row.doneOn,
  doneBy: row.doneOn === null ? null : row.doneByName,
  note: row.note,
});

/** The open visits due by the window's end (overdue ones too), the earliest first. */
export async function visitsDue(db: DbOrTx, days: DueWindow, now: Date = new Date()): Promise<AmcVisitsDueDto> {
  const today = indiaDateOf(now);
  const to = addDays(today, days);
  const { rows, total } = await findOpenVisitsDue(db, to, AMC_VISITS_LIST_MAX);
  return {
    today,
    to,
    total,
    visits: rows.map((row) => ({
      ...visitDto(row),
      visits: row.visits,
      title: row.title,
      businessName: row.businessName,
      outletName: row.outletName,
      city: row.city,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      overdue: row.dueOn < today,
    })),
  };
}

/**
 * Marks an open visit done on `doneOn` (not a day to come, nor before the contract starts; 409 once done) by the
 * staff member, and records the AMC product's covered tasks on the outlet's live assets. One transaction.
 */
export async function markDone(
  ctx: Pick<AppContext, 'db'>,
  staffId: string,
  visitId: string,
  body: AmcVisitDoneBody,
  now: Date = new Date(),
) {
  if (body.doneOn > indiaDateOf(now)) throw new BadRequestError(DUE_VIEW_MESSAGES.visitDoneInFuture);
  const schedule = await scheduleTasks(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const found = await findVisitForUpdate(tx, visitId);
    if (!found) throw new NotFoundError(DUE_VIEW_MESSAGES.visitNotFound);
    if (found.visit.doneOn !== null) throw new ConflictError(DUE_VIEW_MESSAGES.visitAlreadyDone);
    if (body.doneOn < found.startsOn) throw new BadRequestError(DUE_VIEW_MESSAGES.visitDoneBeforeStart);
    const visit = await markVisitDone(tx, visitId, { doneOn: body.doneOn, note: body.note, doneBy: staffId });
    const note = [`AMC visit ${found.visit.number} of ${found.visits}: ${found.title}`, body.note]
      .filter(Boolean)
      .join('. ');
    const tasksRecorded =
      found.outletId === null
        ? 0
        : await recordCoveredTasks(tx, schedule, {
            outletId: found.outletId,
            taskKeys: found.taskKeys,
            doneOn: body.doneOn,
            note,
            recordedBy: staffId,
          });
    return { message: DUE_VIEW_MESSAGES.visitDone, visit: visitDto(visit), tasksRecorded };
  });
}

/** The outlet's contracts and their visits, for any person of its business (404 for another business's outlet). */
export async function outletContracts(db: DbOrTx, userId: string, outletId: string): Promise<OutletAmcDto> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
  if (!(await findOutletOfBusiness(db, membership.businessId, outletId))) {
    throw new NotFoundError(BUSINESS_MESSAGES.outletNotFound);
  }
  const { contracts, visits } = await findContractsOfOutlet(db, outletId);
  return {
    contracts: contracts.map((contract): AmcContractDto => ({
      _id: contract.id,
      outletId: contract.outletId,
      productId: contract.productId,
      orderId: contract.orderId,
      title: contract.title,
      quantity: contract.quantity,
      startsOn: contract.startsOn,
      endsOn: contract.endsOn,
      visitsPerYear: contract.visitsPerYear,
      visits: visits.filter((visit) => visit.contractId === contract.id).map(visitDto),
    })),
  };
}
