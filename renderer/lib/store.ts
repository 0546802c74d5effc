import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import { HubError } from '../../shared/api/hub-error';
import { revokeEvictedImages } from './hub-image';

/**
 * One Jotai store and one query client for the whole app, created outside React so that the
 * transport's "session ended" event (which arrives outside any component) can reach them.
 */
export const appStore = createStore();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; only a hiccup (5xx) is worth a retry. A hub that did not
      // answer at all puts the app offline at once, and its health poll asks every
      // screen again once the hub is back.
      retry: (count, error) => count < 2 && !(error instanceof HubError && (!error.serverError || error.status === 0)),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

revokeEvictedImages(queryClient.getQueryCache());
