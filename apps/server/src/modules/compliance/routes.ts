/**
 * /api/admin/compliance (docs/compliance-schedules.md#owner-changes), the owner's only: the effective schedule with
 * each task's default and change, a default task's override (PUT, DELETE: back to default), and the owner's own
 * tasks (POST, PATCH, DELETE).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPLIANCE_MESSAGES,
  complianceOverrideBodySchema,
  complianceScheduleSchema,
  complianceTaskKeyParamsSchema,
  errorSchema,
  messageSchema,
  ownerTaskBodySchema,
  ownerTaskPatchSchema,
  scheduleTaskDtoSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { addOwnerTask, editOwnerTask, removeOverride, removeOwnerTask, scheduleView, setOverride } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['compliance'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
  const owner = app.requireArea('owner');

  app.get(
    '/compliance/schedule',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Every compliance task: the defaults with the owner's changes, the owner's tasks (owner)",
        response: { 200: complianceScheduleSchema, ...errors },
      },
    },
    async () => ({ tasks: await scheduleView(ctx) }),
  );

  app.put(
    '/compliance/defaults/:key',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Change a default task's interval, or turn it off (owner)",
        params: complianceTaskKeyParamsSchema,
        body: complianceOverrideBodySchema,
        response: { 200: scheduleTaskDtoSchema, ...errors },
      },
    },
    (request) => setOverride(ctx, { id: request.user.sub }, request.params.key, request.body),
  );

  app.delete(
    '/compliance/defaults/:key',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Put a default task back to its shipped interval, turned on (owner)',
        params: complianceTaskKeyParamsSchema,
        response: { 200: scheduleTaskDtoSchema, ...errors },
      },
    },
    (request) => removeOverride(ctx, { id: request.user.sub }, request.params.key),
  );

  app.post(
    '/compliance/tasks',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: 'Add a task for a category or one product (owner)',
        body: ownerTaskBodySchema,
        response: { 201: scheduleTaskDtoSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addOwnerTask(ctx, { id: request.user.sub }, request.body)),
  );

  app.patch(
    '/compliance/tasks/:key',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Edit an owner's task: title, interval, basis (owner)",
        params: complianceTaskKeyParamsSchema,
        body: ownerTaskPatchSchema,
        response: { 200: scheduleTaskDtoSchema, ...errors },
      },
    },
    (request) => editOwnerTask(ctx, { id: request.user.sub }, request.params.key, request.body),
  );

  app.delete(
    '/compliance/tasks/:key',
    {
      onRequest: owner,
      schema: {
        ...common,
        summary: "Remove an owner's task (owner)",
        params: complianceTaskKeyParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeOwnerTask(ctx, { id: request.user.sub }, request.params.key);
      return { message: COMPLIANCE_MESSAGES.taskRemoved };
    },
  );
};

export default routes;
