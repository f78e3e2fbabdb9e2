/**
 * The Settings screen's save (docs/shop-rules.md#store-settings), added to the one api of api/shop-api.ts from the
 * admin's chunk; the settings themselves are read by the storefront's getStoreSettings.
 */
import type { StoreSettingsDto, StoreSettingsInput } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const settingsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Saves all of them (admin only); a 400 names every wrong field in its `details`. */
    saveStoreSettings: build.mutation<StoreSettingsDto, StoreSettingsInput>({
      query: (body) => ({ url: '/settings/store', method: 'PUT', body, shared: true, contract: 'storeSettings' }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            settingsApi.util.upsertQueryEntries([{ endpointName: 'getStoreSettings', arg: undefined, value: data }]),
          );
        } catch {
          // The form shows the failure; the details on screen stay as they were.
        }
      },
    }),
  }),
});

export const { useSaveStoreSettingsMutation } = settingsApi;
