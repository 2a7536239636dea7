// API tokens: admins make them for other tools (a CRM), each with scopes and an optional expiry.
// The token is answered once; the database keeps its SHA-256 only, as for sessions. A request with
// `Authorization: Bearer <token>` looks the hash up every time (no cache), so a revoked or expired
// token is refused at once on every instance; it acts as the admin who made it, with that account's
// current role, and only for the procedures its scopes name (server/trpc/init.ts).
import { z } from 'zod';
import type { DB } from '@db/database';
import { NotFoundError, invalidField } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { AuditContext, ServiceContext } from '@server/core/service-context';
import { readStoredValue } from '@server/core/stored-json';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { type AuthUser, generateSessionToken, sessionIdFromToken } from '@server/identity/session.service';
import type { Page } from '@server/shared/common.schemas';
import {
  type ApiTokenListRow,
  findApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens as listApiTokenRows,
  revokeApiTokenRow,
  setApiTokenLastUsed,
} from './api-tokens.repository';
import { API_SCOPES, type ApiScope, type apiTokenListInput, type createApiTokenInput, type revokeApiTokenInput } from './api-tokens.schemas';

/**
 * Every token starts so: a secret scanner can recognise one, and the server refuses a request that
 * carries one in its address (server/http/api-token-guard.ts).
 */
export const API_TOKEN_PREFIX = 'api_';
/** A token as a request carries it: the prefix and 32 base32 letters (20 random bytes). */
export const API_TOKEN_PATTERN = /api_[a-z2-7]{32}/;

/** Writing "last used" on every call would make reads write: once a minute is enough to show. */
const LAST_USED_GRANULARITY_MS = 60_000;

const scopeList = z.array(z.enum(API_SCOPES));

function scopesOf(id: string, raw: string): ApiScope[] {
  // A damaged list reads as no scope at all: the token can then do nothing, never more.
  return readStoredValue(`scopes of API token ${id}`, raw, scopeList, []);
}

export interface ApiTokenDto {
  id: string;
  name: string;
  scopes: ApiScope[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** The admin who made it (null once that account is gone). */
  createdBy: string | null;
  state: 'active' | 'expired' | 'revoked';
}

function toDto(row: Omit<ApiTokenListRow, 'userName'> & { userName?: string | null }, now: number): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.id, row.scopes),
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
    createdBy: row.userName ?? null,
    state: row.revokedAt !== null ? 'revoked' : row.expiresAt !== null && Date.parse(row.expiresAt) <= now ? 'expired' : 'active',
  };
}

export async function listApiTokens(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof apiTokenListInput>): Promise<Page<ApiTokenDto>> {
  const page = await listApiTokenRows(ctx.db, input);
  const now = Date.now();
  return { items: page.items.map((row) => toDto(row, now)), total: page.total };
}

/** Makes a token for the calling admin; the answer's `token` is the only time it is shown. */
export async function createApiToken(ctx: AuditContext, input: z.output<typeof createApiTokenInput>): Promise<{ apiToken: ApiTokenDto; token: string }> {
  const now = Date.now();
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && Date.parse(expiresAt) <= now) throw invalidField('expiresAt', 'api.apiTokens.expiryPast');
  const userId = ctx.user?.id;
  if (userId === undefined) throw new NotFoundError('api.apiTokens.notFound');
  const token = `${API_TOKEN_PREFIX}${generateSessionToken()}`;
  const row = {
    id: newId(),
    userId,
    name: input.name,
    tokenHash: sessionIdFromToken(token),
    scopes: JSON.stringify(input.scopes),
    expiresAt,
    createdAt: new Date(now).toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, row);
    await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'api-token', entityId: row.id, summary: `${input.name}: ${input.scopes.join(', ')}` });
  });
  return { apiToken: toDto({ ...row, lastUsedAt: null, revokedAt: null, userName: ctx.user?.name ?? null }, now), token };
}

/** Revokes a token: the next request carrying it, on any instance, is refused. */
export async function revokeApiToken(ctx: AuditContext, input: z.output<typeof revokeApiTokenInput>): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findApiToken(trx, input.id);
    if (row === undefined) throw new NotFoundError('api.apiTokens.notFound');
    if (!(await revokeApiTokenRow(trx, row.id, new Date().toISOString()))) return;
    await recordAudit(trx, actorOf(ctx), { action: 'delete', entity: 'api-token', entityId: row.id, summary: `${row.name} revoked` });
  });
  return { ok: true };
}

export interface ApiTokenCaller {
  user: AuthUser;
  token: { id: string; scopes: ApiScope[] };
}

/** The caller a bearer token stands for, or null for a token unknown, revoked or expired. */
export async function authenticateApiToken(db: DB, token: string, now = Date.now()): Promise<ApiTokenCaller | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const row = await findApiTokenByHash(db, sessionIdFromToken(token));
  if (row === undefined || row.revokedAt !== null) return null;
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now) return null;
  if (row.lastUsedAt === null || now - Date.parse(row.lastUsedAt) >= LAST_USED_GRANULARITY_MS) {
    await setApiTokenLastUsed(db, row.tokenId, new Date(now).toISOString());
  }
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      avatarUrl: row.avatarUrl,
      lastSignInAt: row.lastSignInAt,
      previousSignInAt: row.previousSignInAt,
    },
    token: { id: row.tokenId, scopes: scopesOf(row.tokenId, row.scopes) },
  };
}
