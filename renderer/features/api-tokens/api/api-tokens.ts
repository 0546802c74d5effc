import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminApiTokensResponseSchema, apiTokenCreatedResponseSchema, apiTokenRevokedResponseSchema, apiTokensResponseSchema, type ApiTokenCreate,
} from '../../../../shared/api/api-tokens';
import { hubCall } from '../../../lib/api';

// Settings → API tokens (the person's own) and Admin → API tokens (everyone's).

export const API_TOKENS_KEY = ['api-tokens'] as const;
const OWN_KEY = [...API_TOKENS_KEY, 'own'] as const;
const ALL_KEY = [...API_TOKENS_KEY, 'all'] as const;

export function useOwnApiTokens() {
  return useQuery({ queryKey: OWN_KEY, queryFn: () => hubCall(apiTokensResponseSchema.shape.data, 'GET', '/me/tokens') });
}

export function useAllApiTokens() {
  return useQuery({ queryKey: ALL_KEY, queryFn: () => hubCall(adminApiTokensResponseSchema.shape.data, 'GET', '/admin/tokens') });
}

/** The answer holds the only copy of the token: the dialog shows it once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => hubCall(apiTokenCreatedResponseSchema.shape.data, 'POST', '/me/tokens', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

/** DELETE /me/tokens/:id (one's own) or /admin/tokens/:id (an admin, anyone's). */
export function useRevokeApiToken(as: 'own' | 'admin') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => hubCall(apiTokenRevokedResponseSchema.shape.data, 'DELETE', `/${as === 'own' ? 'me' : 'admin'}/tokens/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
