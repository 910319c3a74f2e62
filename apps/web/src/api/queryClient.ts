import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state (TanStack Query). Screens read it through the domain hooks
 * (features/<domain>/…Queries.ts), which pass this client explicitly, so a component works the
 * same with or without the provider around it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Revalidated in the background after a minute; the catalogue list answers 304 when unchanged.
      staleTime: 60_000,
      // Screens show the failure at once, with their own retry and messages.
      retry: false,
      // Back in this tab after using a phone app or another tab: stale data is fetched again.
      refetchOnWindowFocus: true,
    },
  },
});
