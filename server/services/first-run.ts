// First run: with no account, either create the admin from ADMIN_EMAIL /
// ADMIN_PASSWORD or hand out a one-time setup link. Nothing ships with a default password.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password';
import type { AppDeps } from '../deps';
import { countUsers, insertUser } from '../repositories/users';

export type FirstRunOutcome =
  | { kind: 'ready' }
  | { kind: 'admin-created'; email: string }
  | { kind: 'setup-link'; url: string };

export async function prepareFirstRun(deps: AppDeps): Promise<FirstRunOutcome> {
  if ((await countUsers(deps.db)) > 0) {
    deps.firstRun.setupToken = null;
    return { kind: 'ready' };
  }
  const { adminEmail, adminPassword } = deps.config;
  if (adminEmail !== undefined && adminPassword !== undefined) {
    const passwordHash = await hashPassword(adminPassword);
    await insertUser(deps.db, { name: 'Administrator', email: adminEmail, passwordHash, role: 'admin' });
    return { kind: 'admin-created', email: adminEmail };
  }
  const token = randomBytes(24).toString('base64url');
  deps.firstRun.setupToken = token;
  return { kind: 'setup-link', url: `${deps.config.publicOrigin}/admin/setup?token=${token}` };
}
