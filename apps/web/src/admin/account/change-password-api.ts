/** The admin's own password change (docs/shop-rules.md#accounts), injected into the one api of api/shop-api.ts. */
import type { ChangePasswordBody, ChangePasswordResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const changePasswordApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Revokes every earlier token of the account; answers this session's new one. */
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body, contract: 'changePasswordResponse' }),
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
