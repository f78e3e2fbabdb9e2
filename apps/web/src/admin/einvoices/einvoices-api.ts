/**
 * The E-invoices screen's server calls (docs/shop-rules.md#e-invoicing), added to the one api of api/shop-api.ts
 * from the admin's chunk.
 */
import type { EinvoiceDto, EinvoiceListDto, EinvoiceStatusValue, IrnCancelInput } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const einvoicesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The reported documents, newest first, with the portal in use and the store's switch (owner only). */
    getEinvoices: build.query<EinvoiceListDto, { status?: EinvoiceStatusValue }>({
      query: ({ status }) => ({ url: '/admin/einvoices', query: { status }, shared: true, contract: 'einvoiceList' }),
      providesTags: ['Einvoices'],
      onQueryStarted: logFailure('e-invoices'),
    }),
    /** Sends a document waiting for its IRN now; answers it as it then stands (409 when it is not waiting). */
    retryEinvoice: build.mutation<EinvoiceDto, string>({
      query: (id) => ({
        url: `/admin/einvoices/${encodeURIComponent(id)}/retry`,
        method: 'POST',
        shared: true,
        contract: 'einvoice',
      }),
      invalidatesTags: ['Einvoices'],
    }),
    /** Cancels an IRN within 24 hours of its acknowledgement (409 after). */
    cancelIrn: build.mutation<EinvoiceDto, { id: string } & IrnCancelInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/einvoices/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body,
        shared: true,
        contract: 'einvoice',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Einvoices']),
    }),
  }),
});

export const { useGetEinvoicesQuery, useRetryEinvoiceMutation, useCancelIrnMutation } = einvoicesApi;
