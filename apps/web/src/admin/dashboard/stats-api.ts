/**
 * The dashboard's and analytics' figures (docs/shop-rules.md#dashboard), added to the one api of api/shop-api.ts from
 * the admin's chunk.
 */
import type { StatsResponse } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const statsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The dashboard's and analytics' figures. */
    getStats: build.query<StatsResponse, void>({
      query: () => ({ url: '/products/stats', shared: true, contract: 'statsResponse' }),
      providesTags: ['Stats'],
      onQueryStarted: logFailure('stats'),
    }),
  }),
});

export const { useGetStatsQuery } = statsApi;
