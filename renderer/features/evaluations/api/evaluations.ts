import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  employeeDetailsResponseSchema,
  evaluationDeletedResponseSchema,
  evaluationResponseSchema,
  type CreateEvaluationBody,
  type EvaluationForm,
} from '../../../../shared/api/evaluations';
import { profileResponseSchema } from '../../../../shared/api/people';
import { hubCall } from '../../../lib/api';

// objective-tracking §7: GET /employee-details/{userId}, POST, PUT, DELETE /employee-details.

const KEY = ['employee-details'] as const;

export function useEmployeeDetails(userId: number | null) {
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: () => hubCall(employeeDetailsResponseSchema.shape.data, 'GET', `/employee-details/${userId}`),
    enabled: userId !== null,
  });
}

/**
 * The employee as the directory shows them (GET /user/:id): their name and teams, which decide
 * whether the viewer may read their evaluations (shared/rules/evaluation-access.ts) before asking.
 */
export function useEvaluatedPerson(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'person', userId],
    queryFn: () => hubCall(profileResponseSchema.shape.data, 'GET', `/user/${userId}`),
    enabled: enabled && userId !== null,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export function useCreateEvaluation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateEvaluationBody) => hubCall(evaluationResponseSchema.shape.data, 'POST', '/employee-details', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateEvaluation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: EvaluationForm & { id: number }) => hubCall(evaluationResponseSchema.shape.data, 'PUT', `/employee-details/${id}`, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteEvaluation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => hubCall(evaluationDeletedResponseSchema.shape.data, 'DELETE', `/employee-details/${id}`),
    onSuccess: refresh,
  });
}
