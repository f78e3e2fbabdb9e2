/**
 * The outlet's calendar feed (docs/shop-rules.md#assets): an .ics URL with a per-outlet secret, since calendar apps
 * send no login. The business's people get the URL (made on the first request), anyone but a viewer replaces it
 * (the old one stops working); the feed holds one all-day event per task's next due day, the licence's renewal too.
 */
import { randomBytes } from 'node:crypto';
import { ASSET_MESSAGES, BUSINESS_MESSAGES, assetName, indiaDateOf, type CalendarFeedDto } from '@pumpkart/shared';
import { shopUrlOf } from '../../config';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { scheduleTasks } from '../compliance';
import { writeCalendar, type AllDayEvent } from './ics';
import { editorOf, memberOf, outletOf, registerOfOutlet } from './service';
import { findOutletByCalendarToken, findOutletOfBusiness, setCalendarToken } from './store';

type Ctx = Pick<AppContext, 'db' | 'config'>;

const newToken = () => randomBytes(24).toString('base64url');

const feedUrl = (ctx: Ctx, outletId: string, token: string) =>
  `${shopUrlOf(ctx.config)}/api/calendar/outlets/${outletId}.ics?token=${token}`;

/** POST /api/business/outlets/{id}/calendar: the feed's URL, its secret made on the first request. */
export async function calendarFeed(ctx: Ctx, userId: string, outletId: string): Promise<CalendarFeedDto> {
  const membership = await memberOf(ctx.db, userId);
  const outlet = await outletOf(ctx.db, membership.businessId, outletId);
  const token = outlet.calendarToken ?? (await setCalendarToken(ctx.db, outlet.id, newToken(), true));
  return { url: feedUrl(ctx, outlet.id, token) };
}

/** POST /api/business/outlets/{id}/calendar/reset: a new secret; the old URL answers 404 from now on. */
export async function resetCalendarFeed(ctx: Ctx, userId: string, outletId: string): Promise<CalendarFeedDto> {
  const membership = await editorOf(ctx.db, userId);
  const outlet = await outletOf(ctx.db, membership.businessId, outletId);
  const token = await setCalendarToken(ctx.db, outlet.id, newToken(), false);
  return { url: feedUrl(ctx, outlet.id, token), message: ASSET_MESSAGES.calendarReset };
}

/** GET /api/calendar/outlets/{id}.ics?token=: the feed, or 404 for a wrong or replaced secret. */
export async function calendarIcs(ctx: Ctx, outletId: string, token: string, now: Date = new Date()) {
  const found = token ? await findOutletByCalendarToken(ctx.db, outletId, token) : undefined;
  const outlet = found && (await findOutletOfBusiness(ctx.db, found.businessId, found.id));
  if (!outlet) throw new NotFoundError(BUSINESS_MESSAGES.outletNotFound);
  const [register, schedule] = await Promise.all([
    registerOfOutlet(ctx.db, outlet, indiaDateOf(now)),
    scheduleTasks(ctx.db),
  ]);
  const host = new URL(shopUrlOf(ctx.config)).hostname;
  const basisOf = (key: string) => {
    const basis = schedule.find((task) => task.key === key)?.basis;
    return basis ? `${basis.source}: ${basis.clause}` : '';
  };
  const events: AllDayEvent[] = register.assets.flatMap((asset) =>
    asset.tasks.map((task) => ({
      uid: `asset-${asset._id}-${task.key}@${host}`,
      day: task.dueOn,
      summary: `${task.title}: ${assetName(asset)}`,
      description: [
        `${outlet.name}. Every ${task.interval ?? ''}; last done ${task.lastDoneOn ?? 'never recorded'}.`,
        basisOf(task.key) && `Basis: ${basisOf(task.key)}.`,
      ]
        .filter(Boolean)
        .join('\n'),
    })),
  );
  if (register.licence) {
    events.push({
      uid: `outlet-${outlet.id}-${register.licence.key}@${host}`,
      day: register.licence.dueOn,
      summary: `${register.licence.title}: PESO licence ${outlet.pesoLicenceNumber ?? ''}`.trim(),
      description: [
        `${outlet.name}. The licence is valid until this day.`,
        basisOf(register.licence.key) && `Basis: ${basisOf(register.licence.key)}.`,
      ]
        .filter(Boolean)
        .join('\n'),
    });
  }
  return writeCalendar({ name: `${outlet.name}: equipment register`, stamp: now, events });
}
