/**
 * The audit trail's server calls (docs/shop-rules.md#audit): the Activity page and every History section, added to
 * the one api of api/shop-api.ts from the admin's chunk.
 */
import type { AuditActorDto, AuditListQuery, AuditListResponse } from '@pumpkart/shared';
import { logFailure, shopApi } from '../../api/shop-api';

export const auditApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A page of the audit trail, newest first (admin only): one thing's history (entityType and entityId) or the
     * Activity page's filters. Asked again after the writes it records (their tags: products, orders).
     */
    getAudit: build.query<AuditListResponse, Partial<AuditListQuery>>({
      query: ({ page, limit, kind, entityType, entityId, actor }) => ({
        url: '/admin/audit',
        query: { page, limit, kind, entityType, entityId, actor },
        shared: true,
        contract: 'auditListResponse',
      }),
      providesTags: ['Products', 'AdminOrders', 'StoreSettings'],
      onQueryStarted: logFailure('the history'),
    }),
    /** The people who appear in the trail (the Activity page's filter). */
    getAuditActors: build.query<AuditActorDto[], void>({
      query: () => ({ url: '/admin/audit/actors', shared: true, contract: 'auditActorsResponse' }),
      transformResponse: (answer: { data: AuditActorDto[] }) => answer.data,
      onQueryStarted: logFailure('the people of the history'),
    }),
  }),
});

export const { useGetAuditQuery, useGetAuditActorsQuery } = auditApi;
