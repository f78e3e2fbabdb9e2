/**
 * To an outlet's people who may buy: its tasks falling due in 30 days, in 7 days and today (docs/shop-rules.md#reminders).
 * Each task links to the products that do it, each link putting that product in the cart for this outlet and booked
 * for the due day (bookingPath); a task no product does links to the outlet's register. The last paragraph says how
 * to turn these e-mails off for the outlet.
 */
import { bookingPath, outletRegisterPath, paths } from '@pumpkart/shared';
import { priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph, SubHeading, TextLink } from './layout';
import type { MailMessageOf, ReminderTask } from '../messages';
import type { MailTemplate } from './template';

/** "today", "in 7 days", "in 30 days". */
export const whenDue = (daysBefore: number) =>
  daysBefore === 0 ? 'today' : daysBefore === 1 ? 'tomorrow' : `in ${daysBefore} days`;

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** An India calendar day ('2026-03-01') as the e-mails write dates: 'Sun, 1 Mar, 2026'. */
export const formatDueDay = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

const taskCount = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

function subjectOf(message: MailMessageOf<'task-reminder'>): string {
  const today = message.tasks.filter((task) => task.daysBefore === 0).length;
  return today > 0
    ? `Due today at ${message.outletName}: ${taskCount(today)}${message.tasks.length > today ? ' and more' : ''}`
    : `Falling due at ${message.outletName}: ${taskCount(message.tasks.length)}`;
}

function TaskBlock({ task, outletId, shopUrl }: { task: ReminderTask; outletId: string; shopUrl: string }) {
  return (
    <>
      <Paragraph style={{ marginBottom: '4px' }}>
        <strong>{task.title}</strong>
        {` — ${task.item}. Due ${whenDue(task.daysBefore)}, ${formatDueDay(task.dueOn)}.`}
      </Paragraph>
      {task.offers.length > 0 ? (
        task.offers.map((offer) => (
          <Paragraph key={offer.productId} style={{ margin: '4px 0 4px 16px' }}>
            <TextLink href={`${shopUrl}${bookingPath({ productId: offer.productId, outletId, date: task.dueOn })}`}>
              {`Book ${offer.title}`}
            </TextLink>
            {` — ${priceOfPaise(offer.pricePaise)}`}
          </Paragraph>
        ))
      ) : (
        <Paragraph style={{ margin: '4px 0 4px 16px' }}>
          <TextLink href={`${shopUrl}${outletRegisterPath(outletId)}`}>See it in the outlet’s register</TextLink>
        </Paragraph>
      )}
    </>
  );
}

export const taskReminder: MailTemplate<'task-reminder'> = {
  subject: ({ message }) => subjectOf(message),
  Email: ({ message, context }) => {
    // Soonest first: today's tasks, then those due in 7 days, then in 30.
    const tasks = [...message.tasks].sort((a, b) => a.daysBefore - b.daysBefore || a.dueOn.localeCompare(b.dueOn));
    const groups = [...new Set(tasks.map((task) => task.daysBefore))];
    return (
      <MailLayout
        context={context}
        preview={`${taskCount(tasks.length)} of ${message.outletName} falling due: book them in one click.`}
        heading={`Falling due at ${message.outletName}`}
      >
        <Paragraph>
          {`These compliance tasks of ${message.businessName}'s outlet ${message.outletName} fall due soon. Each link puts the product or service that does it in your cart for this outlet, booked for the day it falls due.`}
        </Paragraph>
        {groups.map((daysBefore) => (
          <div key={daysBefore}>
            <SubHeading>{daysBefore === 0 ? 'Due today' : `Due ${whenDue(daysBefore)}`}</SubHeading>
            {tasks
              .filter((task) => task.daysBefore === daysBefore)
              .map((task, index) => (
                <TaskBlock key={index} task={task} outletId={message.outletId} shopUrl={context.shopUrl} />
              ))}
          </div>
        ))}
        <ActionButton href={`${context.shopUrl}${outletRegisterPath(message.outletId)}`}>
          Open the outlet’s register
        </ActionButton>
        <Paragraph style={{ fontSize: '14px' }}>
          {`You get this e-mail as one of the people who buy for ${message.businessName}. To stop these reminders for this outlet, untick "E-mail reminders of tasks falling due" in the outlet's details: `}
          <TextLink href={`${context.shopUrl}${paths.business}`}>{`${context.shopUrl}${paths.business}`}</TextLink>
        </Paragraph>
      </MailLayout>
    );
  },
};
