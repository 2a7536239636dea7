// The signed-in account, for showing or hiding what a role may do. The server refuses regardless.
import { trpc } from '@client/trpc';

export function useCurrentUser() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data ?? null;
  return { user, isAdmin: user?.role === 'admin', isLoading: me.isPending };
}
