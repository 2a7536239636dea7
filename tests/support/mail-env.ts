// The setting most e-mail tests share: a fresh database with the site's name and zone, callers of
// each role, and a real SMTP server on loopback the site sends to. Each test makes its own
// (`beforeEach`) and closes it (`afterEach`), so no state passes from one test to the next.
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import type { SystemSettings } from '@server/settings/settings.schemas';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from './helpers';
import { deliverDue, type ParsedMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from './smtp';

export const MAIL_TEST_SITE = 'Accra Bridge Partners';

export interface MailTestEnv {
  env: TestEnv;
  callers: RoleCallers;
  server: TestSmtpServer;
  /** One pass of the e-mail sender (by the clock `now` when given): the messages it delivered. */
  deliver: (now?: () => Date) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

export async function createMailTestEnv(options: {
  timezone: SystemSettings['timezone'];
  /** False: the staff accounts' own notices are switched off, so only participants' messages arrive. */
  staffNotices?: boolean;
}): Promise<MailTestEnv> {
  const env = await createTestEnv();
  const callers = await roleCallers(env);
  if (options.staffNotices === false) await env.db.updateTable('users').set({ notifyEmail: 0 }).execute();
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: MAIL_TEST_SITE, timezone: options.timezone });
  const server = await startSmtpServer();
  await useSmtpServer(env.db, server);
  return {
    env,
    callers,
    server,
    deliver: (now) => deliverDue(env.deps, server, now),
    close: async () => {
      await server.close();
      await env.close();
    },
  };
}
