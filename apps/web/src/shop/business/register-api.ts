/**
 * An outlet's register (docs/shop-rules.md#assets): its equipment with each task's due day, equipment bought
 * elsewhere, an asset's edit, move and retirement, tasks recorded done (with an attachment), the printable PDF and
 * the calendar feed. Injected into api/shop-api.ts.
 */
import type {
  AssetBody,
  AssetDto,
  CalendarFeedDto,
  OutletRegisterDto,
  TaskRecordBody,
  TaskRecordDto,
} from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, shopApi, type DownloadedDocument } from '../../api/shop-api';

interface AssetChange {
  message: string;
  asset: AssetDto;
}
interface RecordChange {
  message: string;
  record: TaskRecordDto;
}

const changed = (_answer: unknown, error: unknown) => (error ? [] : (['Register'] as const));

export const registerApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getOutletRegister: build.query<OutletRegisterDto, string>({
      query: (outletId) => ({ url: `/business/outlets/${outletId}/register`, contract: 'outletRegister' }),
      providesTags: ['Register'],
    }),
    addAsset: build.mutation<AssetChange, { outletId: string; body: AssetBody }>({
      query: ({ outletId, body }) => ({
        url: `/business/outlets/${outletId}/assets`,
        method: 'POST',
        body,
        contract: 'assetResponse',
      }),
      invalidatesTags: changed,
    }),
    editAsset: build.mutation<AssetChange, { assetId: string; body: AssetBody }>({
      query: ({ assetId, body }) => ({
        url: `/business/assets/${assetId}`,
        method: 'PATCH',
        body,
        contract: 'assetResponse',
      }),
      invalidatesTags: changed,
    }),
    moveAsset: build.mutation<AssetChange, { assetId: string; outletId: string }>({
      query: ({ assetId, outletId }) => ({
        url: `/business/assets/${assetId}/move`,
        method: 'POST',
        body: { outletId },
        contract: 'assetResponse',
      }),
      invalidatesTags: changed,
    }),
    retireAsset: build.mutation<AssetChange, { assetId: string; retiredOn: string }>({
      query: ({ assetId, retiredOn }) => ({
        url: `/business/assets/${assetId}/retire`,
        method: 'POST',
        body: { retiredOn },
        contract: 'assetResponse',
      }),
      invalidatesTags: changed,
    }),
    /** A task done; with a file, sent as multipart with it (one call: the record and its attachment or neither). */
    recordTask: build.mutation<RecordChange, { assetId: string; body: TaskRecordBody; file: File | null }>({
      query: ({ assetId, body, file }) => {
        if (!file) {
          return { url: `/business/assets/${assetId}/records`, method: 'POST', body, contract: 'taskRecordResponse' };
        }
        const form = new FormData();
        form.append('taskKey', body.taskKey);
        form.append('doneOn', body.doneOn);
        form.append('note', body.note);
        form.append('attachment', file, file.name);
        return {
          url: `/business/assets/${assetId}/records/upload`,
          method: 'POST',
          body: form,
          contract: 'taskRecordResponse',
        };
      },
      invalidatesTags: changed,
    }),
    /** A file attached to a record made before (replacing its attachment). */
    attachToRecord: build.mutation<RecordChange, { recordId: string; file: File }>({
      query: ({ recordId, file }) => {
        const form = new FormData();
        form.append('attachment', file, file.name);
        return {
          url: `/business/records/${recordId}/attachment`,
          method: 'PUT',
          body: form,
          contract: 'taskRecordResponse',
        };
      },
      invalidatesTags: changed,
    }),
    /** The outlet's calendar feed URL (made on the first request), or a new one replacing it. */
    calendarFeed: build.mutation<CalendarFeedDto, { outletId: string; reset?: boolean }>({
      query: ({ outletId, reset }) => ({
        url: `/business/outlets/${outletId}/calendar${reset ? '/reset' : ''}`,
        method: 'POST',
        contract: 'calendarFeed',
      }),
    }),
  }),
});

export const {
  useGetOutletRegisterQuery,
  useAddAssetMutation,
  useEditAssetMutation,
  useMoveAssetMutation,
  useRetireAssetMutation,
  useRecordTaskMutation,
  useAttachToRecordMutation,
  useCalendarFeedMutation,
} = registerApi;

async function fetchFile(url: string): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>(url, { responseType: 'blob', headers: { accept: '*/*, application/json' } });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}

/** The outlet's printable register (a PDF), through the bearer-token client. */
export const fetchRegisterPdf = (outletId: string) =>
  fetchFile(`/business/outlets/${encodeURIComponent(outletId)}/register.pdf`);

/** A task record's attachment, through the bearer-token client (it is never at a public address). */
export const fetchRecordAttachment = (recordId: string) =>
  fetchFile(`/business/records/${encodeURIComponent(recordId)}/attachment`);
