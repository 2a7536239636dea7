// First run: with no account, either create the admin from ADMIN_EMAIL /
// ADMIN_PASSWORD or hand out a one-time setup link. Nothing ships with a default password.
import { randomBytes } from 'node:crypto';
import { runAlone } from '@db/postgres';
import { hashPassword } from './password';
import type { AppDeps } from '@server/core/deps';
import { deleteAllSetupLinks, insertSetupLink } from './setup-links.repository';
import { countUsers, insertUser } from './users.repository';

export type FirstRunOutcome =
  | { kind: 'ready' }
  | { kind: 'admin-created'; email: string }
  | { kind: 'setup-link'; url: string };

export async function prepareFirstRun(deps: AppDeps): Promise<FirstRunOutcome> {
  if ((await countUsers(deps.db)) > 0) {
    deps.firstRun.setupToken = null;
    // Links left from before an account was made another way (user:create) are of no further use.
    await deleteAllSetupLinks(deps.db);
    return { kind: 'ready' };
  }
  const { adminEmail, adminPassword } = deps.config;
  if (adminEmail !== undefined && adminPassword !== undefined) {
    const passwordHash = await hashPassword(adminPassword);
    const created = await deps.db.transaction().execute(async (trx) => {
      // Alone and counted again: instances started together on one PostgreSQL database create it once.
      await runAlone(trx, 'accounts');
      if ((await countUsers(trx)) > 0) return false;
      await insertUser(trx, { name: 'Administrator', email: adminEmail, passwordHash, role: 'admin' });
      await deleteAllSetupLinks(trx);
      return true;
    });
    return created ? { kind: 'admin-created', email: adminEmail } : { kind: 'ready' };
  }
  // Every start prints a new link, and links printed earlier (by this or another instance) keep
  // working until the first admin exists: the database holds each one's hash, so whichever instance
  // the proxy picks accepts it.
  const token = randomBytes(24).toString('base64url');
  await insertSetupLink(deps.db, token);
  deps.firstRun.setupToken = token;
  return { kind: 'setup-link', url: `${deps.config.publicOrigin}/admin/setup?token=${token}` };
}
