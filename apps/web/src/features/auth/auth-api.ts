/**
 * Logging in, signing up and the password reset (docs/shop-rules.md#accounts, #password-reset), injected into the one
 * api of api/shop-api.ts.
 */
import type { LoginResponse } from '@pumpkart/shared';
import { shopApi } from '../../api/shop-api';

export const authApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, contract: 'loginResponse' }),
    }),
    register: build.mutation<unknown, { name: string; email: string; phone: string; password: string }>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body, contract: 'registerResponse' }),
    }),
    /** The same answer whether or not the account exists. */
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body, contract: 'message' }),
    }),
    /** Sets the new password with the e-mailed link's token; logs nobody in. */
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body, contract: 'message' }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useForgotPasswordMutation, useResetPasswordMutation } = authApi;
