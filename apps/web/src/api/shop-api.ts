/**
 * The web app's one data layer: every server read and write, as an RTK Query api over the HTTP
 * clients of http.ts (which keep the bearer token, the 401 handling and the shared client's 10 s
 * time-out). Screens use the generated hooks; nothing else builds URLs.
 *
 * In development and tests every answer is checked against the shared zod contract of its route,
 * so a test fixture that drifts from what the server sends fails its test.
 *
 * Caching follows what the screens showed before RTK Query: a screen asks again whenever it is
 * mounted (refetchOnMountOrArgChange) and what no screen shows is dropped at once
 * (keepUnusedDataFor 0), except the cart and the favorites, which the storefront frame keeps, and
 * the payments config, which is asked once per page life.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import {
  changePasswordResponseSchema,
  loginResponseSchema,
  messageSchema,
  registerResponseSchema,
  updateProfileResponseSchema,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LoginResponse,
  type UpdateProfileBody,
  type UpdateProfileResponse,
} from '@pumpkart/shared';
import { api, sharedApi, toApiFailure, type ApiFailure, type HttpClient, type RequestOptions } from './http';

/** What the answer of a route must look like (a zod schema of packages/shared). */
interface ResponseSchema {
  safeParse(data: unknown): { success: boolean; error?: unknown };
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: RequestOptions['query'];
  headers?: Record<string, string>;
  /** Through the second client: 10 s time-out, and its 401 also forgets the stored user details. */
  shared?: boolean;
  /** The shared contract of the answer, checked in development and tests. */
  schema?: ResponseSchema;
}

export interface ApiMeta {
  status: number;
  headers: Headers;
}

const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Runs one call through the HTTP clients; failures become plain ApiFailure data. */
export const httpBaseQuery: BaseQueryFn<RequestArgs, unknown, ApiFailure, object, ApiMeta> = async (
  { url, method = 'GET', body, query, headers, shared, schema },
  { signal },
) => {
  const client: HttpClient = shared ? sharedApi : api;
  const options: RequestOptions = { query, headers, signal };
  let response;
  try {
    if (method === 'GET') response = await client.get<unknown>(url, options);
    else if (method === 'POST') response = await client.post<unknown>(url, body, options);
    else if (method === 'PUT') response = await client.put<unknown>(url, body, options);
    else if (method === 'PATCH') response = await client.patch<unknown>(url, body, options);
    else response = await client.delete<unknown>(url, body, options);
  } catch (error) {
    return { error: toApiFailure(error) };
  }
  if (CHECK_RESPONSES && schema) {
    const checked = schema.safeParse(response.data);
    if (!checked.success) {
      const message = `${method} ${url}: the answer does not match the shared contract`;
      console.error(message, checked.error);
      return { error: { status: 'SCHEMA_MISMATCH', message } };
    }
  }
  return { data: response.data, meta: { status: response.status, headers: response.headers } };
};

/** Data only a logged-in user sees: dropped (or asked again) when the session ends. */
export const USER_TAGS = ['Cart', 'Favorites', 'Orders', 'AdminProducts', 'AdminOrders', 'Payments', 'Stats'] as const;

export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: httpBaseQuery,
  tagTypes: ['Cart', 'Favorites', 'Orders', 'Products', 'AdminProducts', 'AdminOrders', 'Payments', 'Stats'],
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    // --- Session -------------------------------------------------------------------------------
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, schema: loginResponseSchema }),
    }),
    register: build.mutation<unknown, { name: string; email: string; phone: string; password: string }>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body, schema: registerResponseSchema }),
    }),
    /** Carries `token` when the e-mail or password changed: the earlier one is then revoked. */
    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileBody>({
      query: (body) => ({
        url: '/auth/update-profile',
        method: 'PUT',
        body,
        shared: true,
        schema: updateProfileResponseSchema,
      }),
    }),
    /** Revokes every earlier token of the account; answers this session's new one. */
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body, schema: changePasswordResponseSchema }),
    }),
    /** Revokes every token of the account, this one included. */
    logoutAll: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST', schema: messageSchema }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useLogoutAllMutation,
} = shopApi;
