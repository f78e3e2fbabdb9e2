/**
 * The buyer's favorites (docs/shop-rules.md#cart): the ids, which the storefront frame keeps (the hearts, the
 * navbar's count), and the toggle. Injected into the one api of api/shop-api.ts.
 */
import { hasSession, shopApi } from '../../api/shop-api';

export const favoritesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The ids of the buyer's favorite products, newest first; empty without a session. */
    getFavorites: build.query<string[], void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        if (!hasSession(getState())) return { data: [] };
        const answer = await baseQuery({ url: '/favorites/', contract: 'favoritesResponse' });
        return answer.error ? { error: answer.error } : { data: (answer.data as { ids: string[] }).ids };
      },
      keepUnusedDataFor: 60,
      providesTags: ['Favorites'],
    }),
    /** Adds or removes one product; the server's list replaces the ids. */
    toggleFavorite: build.mutation<string[], string>({
      query: (productId) => ({
        url: `/favorites/${productId}/toggle`,
        method: 'POST',
        contract: 'favoritesResponse',
      }),
      transformResponse: (answer: { ids: string[] }) => answer.ids,
      async onQueryStarted(_productId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            favoritesApi.util.upsertQueryEntries([{ endpointName: 'getFavorites', arg: undefined, value: data }]),
          );
        } catch {
          // The caller logs the failure; the ids stay as they were.
        }
      },
    }),
  }),
});

export const { useGetFavoritesQuery, useToggleFavoriteMutation } = favoritesApi;
