/** The profile page's account changes (docs/shop-rules.md#accounts), injected into the one api of api/shop-api.ts. */
import type { UpdateProfileBody, UpdateProfileResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const profileApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Carries `token` when the e-mail or password changed: the earlier one is then revoked. */
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileBody>({
      query: (body) => ({
        url: '/auth/update-profile',
        method: 'PUT',
        body,
        shared: true,
        contract: 'updateProfileResponse',
      }),
    }),
    /** Revokes every token of the account, this one included. */
    logoutAll: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST', contract: 'message' }),
    }),
  }),
});

export const { useUpdateProfileMutation, useLogoutAllMutation } = profileApi;
