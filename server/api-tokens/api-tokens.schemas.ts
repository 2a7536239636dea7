// API tokens: the scopes a token may hold and the inputs of the admin procedures. Shared with the
// client, whose Integrations tab validates with the same schemas.
import { z } from 'zod';
import { idInput, LIMITS, NAME_REQUIRED, requiredLine, timestamp } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

/** What a token may do; each procedure open to tokens names one (ProcedureMeta.scope). */
export const API_SCOPES = ['bookings:read', 'bookings:write', 'consultations:read', 'contacts:read', 'events:read', 'events:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

const SCOPES_REQUIRED = keyed('api.apiTokens.scopesRequired', 'Choose at least one scope');

export const createApiTokenInput = z.object({
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  scopes: z
    .array(z.enum(API_SCOPES, { error: keyed('api.apiTokens.scopeUnknown', 'Unknown scope') }), { error: SCOPES_REQUIRED })
    .min(1, SCOPES_REQUIRED)
    .transform((scopes) => [...new Set(scopes)]),
  /** Absent or null: the token does not expire. */
  expiresAt: timestamp(keyed('api.apiTokens.expiryRequired', 'Expiry date is required')).nullable().optional(),
});

export const apiTokenListInput = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const revokeApiTokenInput = z.object({ id: idInput });
