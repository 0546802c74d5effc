import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  employeeDetailsResponseSchema,
  evaluationDeletedResponseSchema,
  evaluationResponseSchema,
  type CreateEvaluationBody,
  type EvaluationForm,
} from '../../../../shared/api/evaluations';
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
