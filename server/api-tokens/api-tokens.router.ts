import { apiTokenListInput, createApiTokenInput, revokeApiTokenInput } from './api-tokens.schemas';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';
import { adminProcedure, router } from '@server/trpc/init';

export const apiTokensRouter = router({
  list: adminProcedure
    .meta({ description: 'API tokens, newest first, paged: name, scopes, expiry, last use, who made it and whether it is active, expired or revoked; never the token.' })
    .input(apiTokenListInput)
    .query(({ ctx, input }) => listApiTokens(ctx, input)),

  create: adminProcedure
    .meta({ description: "Makes an API token for the calling admin with a name, scopes and an optional expiry; answers the token itself once (`token`), the database keeps only its hash (audited)." })
    .input(createApiTokenInput)
    .mutation(({ ctx, input }) => createApiToken(ctx, input)),

  revoke: adminProcedure
    .meta({ description: 'Revokes an API token: the next request carrying it is refused on every instance (audited).' })
    .input(revokeApiTokenInput)
    .mutation(({ ctx, input }) => revokeApiToken(ctx, input)),
});
