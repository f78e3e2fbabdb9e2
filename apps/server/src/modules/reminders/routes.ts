/**
 * The owner's "Send today's reminders now" (docs/shop-rules.md#reminders): the day's reminders computed at once, for
 * equipment registered or corrected after the day's run. The orders area, as the Due tasks page it sits on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, indiaDateOf, reminderRunMessage, reminderRunSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { remindOn } from './job';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/reminders/run',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['reminders'],
        summary: "Send today's reminders of tasks falling due now; those already mailed are not mailed again (admin)",
        security: [{ bearerAuth: [] }],
        response: { 200: reminderRunSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const result = await remindOn(ctx.db, indiaDateOf(new Date()));
      if (result.mails > 0) ctx.mail.wake();
      return { message: reminderRunMessage(result.mails), ...result };
    },
  );
};

export default routes;
