/**
 * The Compliance schedules screen's server calls (docs/compliance-schedules.md#owner-changes), added to the one api
 * of api/shop-api.ts from the admin's chunk. Every change refetches the schedule: it is one small list.
 */
import type {
  ComplianceOverrideBody,
  ComplianceScheduleDto,
  OwnerTaskBody,
  OwnerTaskPatch,
  ScheduleTaskDto,
} from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

const invalidates = (_answer: unknown, error: unknown) => (error ? [] : (['ComplianceSchedule'] as const));
const key = (taskKey: string) => encodeURIComponent(taskKey);

export const complianceApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getComplianceSchedule: build.query<ComplianceScheduleDto, void>({
      query: () => ({ url: '/admin/compliance/schedule', shared: true, contract: 'complianceSchedule' }),
      providesTags: ['ComplianceSchedule'],
      onQueryStarted: logFailure('the compliance schedule'),
    }),
    overrideComplianceTask: build.mutation<ScheduleTaskDto, { key: string; body: Partial<ComplianceOverrideBody> }>({
      query: ({ key: taskKey, body }) => ({
        url: `/admin/compliance/defaults/${key(taskKey)}`,
        method: 'PUT',
        body,
        shared: true,
        contract: 'complianceTask',
      }),
      invalidatesTags: invalidates,
    }),
    resetComplianceTask: build.mutation<ScheduleTaskDto, string>({
      query: (taskKey) => ({
        url: `/admin/compliance/defaults/${key(taskKey)}`,
        method: 'DELETE',
        shared: true,
        contract: 'complianceTask',
      }),
      invalidatesTags: invalidates,
    }),
    addComplianceTask: build.mutation<ScheduleTaskDto, Partial<OwnerTaskBody>>({
      query: (body) => ({
        url: '/admin/compliance/tasks',
        method: 'POST',
        body,
        shared: true,
        contract: 'complianceTask',
      }),
      invalidatesTags: invalidates,
    }),
    editComplianceTask: build.mutation<ScheduleTaskDto, { key: string; body: OwnerTaskPatch }>({
      query: ({ key: taskKey, body }) => ({
        url: `/admin/compliance/tasks/${key(taskKey)}`,
        method: 'PATCH',
        body,
        shared: true,
        contract: 'complianceTask',
      }),
      invalidatesTags: invalidates,
    }),
    removeComplianceTask: build.mutation<{ message: string }, string>({
      query: (taskKey) => ({
        url: `/admin/compliance/tasks/${key(taskKey)}`,
        method: 'DELETE',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: invalidates,
    }),
  }),
});

export const {
  useGetComplianceScheduleQuery,
  useOverrideComplianceTaskMutation,
  useResetComplianceTaskMutation,
  useAddComplianceTaskMutation,
  useEditComplianceTaskMutation,
  useRemoveComplianceTaskMutation,
} = complianceApi;
