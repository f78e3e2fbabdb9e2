/**
 * The Price lists screen's server calls (docs/shop-rules.md#business-prices), added to the one api of
 * api/shop-api.ts from the admin's chunk.
 */
import type { PriceListBody, PriceListBusiness, PriceListDto, PriceListSummary } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const priceListsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getPriceLists: build.query<PriceListSummary[], void>({
      query: () => ({ url: '/admin/price-lists', shared: true, contract: 'priceLists' }),
      providesTags: ['PriceLists'],
      onQueryStarted: logFailure('the price lists'),
    }),
    getPriceList: build.query<PriceListDto, string>({
      query: (id) => ({ url: `/admin/price-lists/${encodeURIComponent(id)}`, shared: true, contract: 'priceList' }),
      providesTags: ['PriceLists'],
      onQueryStarted: logFailure('the price list'),
    }),
    getPriceListBusinesses: build.query<PriceListBusiness[], void>({
      query: () => ({ url: '/admin/price-lists/businesses', shared: true, contract: 'priceListBusinesses' }),
      providesTags: ['PriceLists'],
      onQueryStarted: logFailure('the businesses'),
    }),
    savePriceList: build.mutation<PriceListDto, { id: string | null; body: PriceListBody }>({
      query: ({ id, body }) => ({
        url: id ? `/admin/price-lists/${encodeURIComponent(id)}` : '/admin/price-lists',
        method: id ? 'PUT' : 'POST',
        body,
        shared: true,
        contract: 'priceList',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['PriceLists', 'Products']),
    }),
    assignPriceList: build.mutation<PriceListDto, { id: string; businessIds: string[] }>({
      query: ({ id, businessIds }) => ({
        url: `/admin/price-lists/${encodeURIComponent(id)}/businesses`,
        method: 'PUT',
        body: { businessIds },
        shared: true,
        contract: 'priceList',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['PriceLists']),
    }),
    deletePriceList: build.mutation<{ message: string }, string>({
      query: (id) => ({
        url: `/admin/price-lists/${encodeURIComponent(id)}`,
        method: 'DELETE',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['PriceLists', 'Products']),
    }),
  }),
});

export const {
  useGetPriceListsQuery,
  useGetPriceListQuery,
  useGetPriceListBusinessesQuery,
  useSavePriceListMutation,
  useAssignPriceListMutation,
  useDeletePriceListMutation,
} = priceListsApi;
