/** The Customers page's server calls (docs/shop-rules.md#customers-page), added to the one api from the admin's chunk. */
import type {
  CustomerDetail,
  CustomerFilters,
  CustomerKind,
  CustomerListParams,
  CustomerListResponse,
} from '@pumpkart/shared';
import { api } from '../../api/http';
import { filenameOf, logFailure, shopApi, type DownloadedDocument } from '../../api/shop-api';

export const customersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<CustomerListResponse, CustomerListParams>({
      query: ({ page, limit, kind, search, sort }) => ({
        url: '/admin/customers',
        query: { page, limit, kind, search, sort },
        shared: true,
        contract: 'customerListResponse',
      }),
      onQueryStarted: logFailure('customers'),
    }),
    getCustomer: build.query<CustomerDetail, { kind: CustomerKind; id: string }>({
      query: ({ kind, id }) => ({ url: `/admin/customers/${kind}/${id}`, shared: true, contract: 'customerDetail' }),
    }),
  }),
});

export const { useGetCustomersQuery, useGetCustomerQuery } = customersApi;

/** The filtered list as a CSV file, fetched with the bearer token. */
export async function fetchCustomersCsv({ kind, search, sort }: Partial<CustomerFilters>): Promise<DownloadedDocument> {
  const answer = await api.get<Blob>('/admin/customers/export.csv', {
    query: { kind, search, sort },
    responseType: 'blob',
    headers: { accept: 'text/csv, application/json' },
  });
  return { blob: answer.data, filename: filenameOf(answer.headers.get('content-disposition')) };
}
