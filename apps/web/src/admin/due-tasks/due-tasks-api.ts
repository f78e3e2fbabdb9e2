/**
 * The Due tasks page's server calls (docs/shop-rules.md#due-view, #amc), added to the one api from the admin's chunk:
 * the view of a window, its CSV, the AMC visits due and a visit marked done (which refetches both: its covered tasks
 * leave the view).
 */
import type {
  AmcVisitDoneBody,
  AmcVisitDto,
  AmcVisitsDueDto,
  DueViewDto,
  DueViewParams,
  DueWindow,
  ReminderRunDto,
} from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, logFailure, shopApi, type DownloadedDocument } from '../../api/shop-api';

export const dueTasksApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getDueTasks: build.query<DueViewDto, DueViewParams>({
      query: ({ days, page, limit }) => ({
        url: '/admin/due-tasks',
        query: { days, page, limit },
        shared: true,
        contract: 'dueView',
      }),
      providesTags: ['DueView'],
      onQueryStarted: logFailure('the tasks due'),
    }),
    getAmcVisits: build.query<AmcVisitsDueDto, DueWindow>({
      query: (days) => ({ url: '/admin/amc/visits', query: { days }, shared: true, contract: 'amcVisitsDue' }),
      providesTags: ['DueView'],
      onQueryStarted: logFailure('the AMC visits'),
    }),
    markAmcVisitDone: build.mutation<
      { message: string; visit: AmcVisitDto; tasksRecorded: number },
      { id: string; body: AmcVisitDoneBody }
    >({
      query: ({ id, body }) => ({
        url: `/admin/amc/visits/${id}/done`,
        method: 'POST',
        body,
        shared: true,
        contract: 'amcVisitDone',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['DueView']),
    }),
    /** Today's reminders sent now (docs/shop-rules.md#reminders). */
    runReminders: build.mutation<ReminderRunDto, void>({
      query: () => ({ url: '/admin/reminders/run', method: 'POST', shared: true, contract: 'reminderRun' }),
    }),
  }),
});

export const { useGetDueTasksQuery, useGetAmcVisitsQuery, useMarkAmcVisitDoneMutation, useRunRemindersMutation } =
  dueTasksApi;

/** Every item of the window as a CSV file, fetched with the bearer token. */
export async function fetchDueTasksCsv(days: DueWindow): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/due-tasks.csv', {
    query: { days },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
