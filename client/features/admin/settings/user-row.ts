// One account as the Users tab lists it; its own module so the tab and its modals share the type
// without importing each other.
import type { RouterOutputs } from '@client/trpc';

export type UserRow = RouterOutputs['users']['list']['items'][number];
