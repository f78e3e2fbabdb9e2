/**
 * The Staff screen's server calls (docs/shop-rules.md#staff), added to the one api of api/shop-api.ts from the
 * admin's chunk.
 */
import type { ChangeStaffRoleBody, InviteStaffBody, StaffChangeResponse, StaffMember } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const staffApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The staff accounts (owner only). */
    getStaff: build.query<StaffMember[], void>({
      query: () => ({ url: '/admin/staff', shared: true, contract: 'staffListResponse' }),
      transformResponse: (answer: { data: StaffMember[] }) => answer.data,
      providesTags: ['Staff'],
      onQueryStarted: logFailure('the staff'),
    }),
    /** Invites a person, or sends a pending invite again with a new link. */
    inviteStaff: build.mutation<StaffChangeResponse, InviteStaffBody>({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body, shared: true, contract: 'staffChangeResponse' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
    changeStaffRole: build.mutation<StaffChangeResponse, { id: string } & ChangeStaffRoleBody>({
      query: ({ id, role }) => ({
        url: `/admin/staff/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { role },
        shared: true,
        contract: 'staffChangeResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
    removeStaff: build.mutation<{ message: string }, string>({
      query: (id) => ({
        url: `/admin/staff/${encodeURIComponent(id)}`,
        method: 'DELETE',
        shared: true,
        contract: 'message',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Staff']),
    }),
  }),
});

export const { useGetStaffQuery, useInviteStaffMutation, useChangeStaffRoleMutation, useRemoveStaffMutation } =
  staffApi;
