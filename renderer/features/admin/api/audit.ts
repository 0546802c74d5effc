import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditActorsResponseSchema, auditResponseSchema, type AuditQuery } from '../../../../shared/api/audit';
import { hubCall } from '../../../lib/api';
import { AUDIT_KEY } from './admin-mutation';

/** GET /audit: newest first, filtered and paged on the hub. */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'list', query],
    queryFn: () => hubCall(auditResponseSchema.shape.data, 'GET', '/audit', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({ queryKey: [...AUDIT_KEY, 'actors'], queryFn: () => hubCall(auditActorsResponseSchema.shape.data, 'GET', '/audit/actors') });
}
