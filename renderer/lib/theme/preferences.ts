import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesResponseSchema, type Preferences, type ThemeChoice } from '../../../shared/api/preferences';
import { hubCall } from '../api';

// GET/PUT /preferences, the signed-in person's own.

const preferencesKey = (userId: number) => ['preferences', userId] as const;

export function usePreferences(userId: number | null) {
  return useQuery({
    queryKey: preferencesKey(userId ?? 0),
    queryFn: () => hubCall(preferencesResponseSchema.shape.data, 'GET', '/preferences'),
    enabled: userId !== null,
    // the person changes it only in Settings, and the answer of a save replaces it; a failed read
    // leaves the cached choice on screen
    staleTime: Infinity,
  });
}

/** Saves the theme; the screen shows the new one at once and goes back if the hub refuses. */
export function useSaveTheme(userId: number | null) {
  const client = useQueryClient();
  const key = preferencesKey(userId ?? 0);
  return useMutation({
    mutationFn: (theme: ThemeChoice) => hubCall(preferencesResponseSchema.shape.data, 'PUT', '/preferences', { body: { theme } }),
    onMutate: async (theme) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Preferences>(key);
      client.setQueryData<Preferences>(key, { ...before, theme });
      return { before };
    },
    onError: (_error, _theme, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      else client.removeQueries({ queryKey: key });
    },
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
