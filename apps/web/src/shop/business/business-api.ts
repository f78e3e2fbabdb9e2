/**
 * The business account's reads and writes (docs/shop-rules.md#business-accounts): the person's business, its
 * outlets, people and invitations, accepting an invitation, and the approvals. Injected into api/shop-api.ts.
 */
import type { BusinessBody, BusinessDto, BusinessRole, InviteMemberBody, OrderDto, OutletBody } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export interface BusinessChange {
  message: string;
  business: BusinessDto;
}

const changed = (_answer: unknown, error: unknown) => (error ? [] : (['Business'] as const));

export const businessApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's business, or null for a person in none. */
    getMyBusiness: build.query<BusinessDto | null, void>({
      query: () => ({ url: '/business', contract: 'myBusinessResponse' }),
      transformResponse: (answer: { business: BusinessDto | null }) => answer.business,
      providesTags: ['Business'],
      onQueryStarted: logFailure('business'),
    }),
    createBusiness: build.mutation<BusinessChange, BusinessBody>({
      query: (body) => ({ url: '/business', method: 'POST', body, contract: 'businessChangeResponse' }),
      invalidatesTags: changed,
    }),
    updateBusiness: build.mutation<BusinessChange, BusinessBody>({
      query: (body) => ({ url: '/business', method: 'PATCH', body, contract: 'businessChangeResponse' }),
      invalidatesTags: changed,
    }),
    saveOutlet: build.mutation<BusinessChange, { id?: string; body: OutletBody }>({
      query: ({ id, body }) => ({
        url: id ? `/business/outlets/${id}` : '/business/outlets',
        method: id ? 'PATCH' : 'POST',
        body,
        contract: 'businessChangeResponse',
      }),
      invalidatesTags: changed,
    }),
    removeOutlet: build.mutation<BusinessChange, string>({
      query: (id) => ({ url: `/business/outlets/${id}`, method: 'DELETE', contract: 'businessChangeResponse' }),
      invalidatesTags: changed,
    }),
    inviteMember: build.mutation<BusinessChange, InviteMemberBody>({
      query: (body) => ({ url: '/business/invitations', method: 'POST', body, contract: 'businessChangeResponse' }),
      invalidatesTags: changed,
    }),
    withdrawInvitation: build.mutation<BusinessChange, string>({
      query: (id) => ({
        url: `/business/invitations/${id}`,
        method: 'DELETE',
        contract: 'businessChangeResponse',
      }),
      invalidatesTags: changed,
    }),
    setMemberRole: build.mutation<BusinessChange, { id: string; role: BusinessRole }>({
      query: ({ id, role }) => ({
        url: `/business/members/${id}`,
        method: 'PATCH',
        body: { role },
        contract: 'businessChangeResponse',
      }),
      invalidatesTags: changed,
    }),
    removeMember: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/business/members/${id}`, method: 'DELETE', contract: 'message' }),
      invalidatesTags: changed,
    }),
    acceptInvitation: build.mutation<BusinessChange, string>({
      query: (token) => ({
        url: '/business/invitations/accept',
        method: 'POST',
        body: { token },
        contract: 'businessChangeResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Business', 'Orders']),
    }),
    /** The business's orders waiting for approval (approver, admin). */
    getApprovals: build.query<OrderDto[], void>({
      query: () => ({ url: '/business/approvals', contract: 'myOrdersResponse' }),
      transformResponse: (answer: { orders: OrderDto[] }) => answer.orders,
      providesTags: ['Orders'],
      onQueryStarted: logFailure('approvals'),
    }),
    decideOrder: build.mutation<unknown, { id: string; action: 'approve' | 'reject' }>({
      query: ({ id, action }) => ({
        url: `/business/approvals/${id}/${action}`,
        method: 'POST',
        contract: 'orderResponse',
      }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Orders', 'AdminOrders', 'Stats']),
    }),
  }),
});

export const {
  useGetMyBusinessQuery,
  useCreateBusinessMutation,
  useUpdateBusinessMutation,
  useSaveOutletMutation,
  useRemoveOutletMutation,
  useInviteMemberMutation,
  useWithdrawInvitationMutation,
  useSetMemberRoleMutation,
  useRemoveMemberMutation,
  useAcceptInvitationMutation,
  useGetApprovalsQuery,
  useDecideOrderMutation,
} = businessApi;
