// The typed API client: types come from the server router, nothing is generated.
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The server refuses batches of more than 10 calls. */
const MAX_BATCH_SIZE = 10;

/** `headers`: a page's language (client/i18n.tsx), or for component tests, which run outside a browser and so have no cookie jar, the session. */
export function createTrpcClient(baseUrl = '', headers?: Record<string, string>) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        maxItems: MAX_BATCH_SIZE,
        headers: () => headers ?? {},
        fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

export function createQueryUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils({ queryClient, client });
}
export type QueryUtils = ReturnType<typeof createQueryUtils>;

/** Field messages the server sent with a BAD_REQUEST or CONFLICT, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data: unknown = error.data;
  const raw = (data as { fieldErrors?: Record<string, string[] | undefined> | null } | undefined)?.fieldErrors;
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(raw ?? {})) {
    if (messages?.[0] !== undefined) result[field] = messages[0];
  }
  return result;
}

/** A message fit to show a person; network failures get a plain sentence. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const message = error.message;
    if (message !== '' && !message.startsWith('Unexpected token') && message !== 'Failed to fetch') return message;
    return 'Could not reach the server. Please check your connection and try again.';
  }
  return fallback;
}
