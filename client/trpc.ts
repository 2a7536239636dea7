// The typed API client: types come from the server router, nothing is generated.
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';
import type { MessageValues, SentMessage } from '@server/shared/i18n/message';

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

/** How a failure's messages are said: a public page passes its translator (client/i18n.tsx). */
export interface MessageWords {
  said(message: SentMessage | null, english: string): string;
}

/** The back office speaks English: the server's own words. */
const SERVER_ENGLISH: MessageWords = { said: (_message, english) => english };

/** The English words of a failed request that never reached the API ('error.network' in the catalogs). */
export const NETWORK_FAILURE = 'Could not reach the server. Please check your connection and try again.';
const NETWORK_FAILURE_KEY: SentMessage = { key: 'error.network', values: {} };

/** What the error formatter (server/trpc/init.ts) adds to a failure: the keys of its messages. */
interface KeyedErrorData {
  fieldErrors?: Record<string, string[] | undefined> | null;
  messageKey?: string | null;
  messageValues?: MessageValues;
  fieldMessageKeys?: Record<string, SentMessage> | null;
}

function keyedData(error: TRPCClientError<AppRouter>): KeyedErrorData {
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as KeyedErrorData) : {};
}

/** Field messages the server sent with a BAD_REQUEST or CONFLICT, keyed by field name. */
export function fieldErrorsOf(error: unknown, words: MessageWords = SERVER_ENGLISH): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const { fieldErrors, fieldMessageKeys } = keyedData(error);
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages?.[0] !== undefined) result[field] = words.said(fieldMessageKeys?.[field] ?? null, messages[0]);
  }
  return result;
}

/**
 * A message fit to show a person. A call the API answered carries its error's shape; one without
 * (the network failed, or something other than the API answered, such as a proxy's error page) gets
 * a plain sentence, whatever words the browser gave the failure.
 */
export function messageOf(error: unknown, fallback: string, words: MessageWords = SERVER_ENGLISH): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const answered: unknown = error.shape;
  if (answered === undefined || answered === null || error.message === '') return words.said(NETWORK_FAILURE_KEY, NETWORK_FAILURE);
  const { messageKey, messageValues } = keyedData(error);
  return words.said(typeof messageKey === 'string' ? { key: messageKey, values: messageValues ?? {} } : null, error.message);
}
