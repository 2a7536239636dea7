// dashboard.setupChecklist: admins only; each item ticked from what is stored, and the list complete
// once the logo, the contact details, the home content, a first event and SMTP are all there.
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveHomeContent } from '@server/home-page/home-page.repository';
import { DEMO_HOME_CONTENT } from '@scripts/seed/firm';
import { insertEventRow } from '@tests/support/fixtures';
import { createTestEnv, expectAdminOnly, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const done = async () =>
  Object.fromEntries((await callers.admin.dashboard.setupChecklist()).items.map((item) => [item.key, item.done]));

describe('dashboard.setupChecklist', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(callers, (caller) => caller.dashboard.setupChecklist());
  });

  it('starts with everything to do on a new install, and ticks each item as it is filled in', async () => {
    expect(await callers.admin.dashboard.setupChecklist()).toEqual({
      items: [
        { key: 'logo', done: false },
        { key: 'contact', done: false },
        { key: 'homeContent', done: false },
        { key: 'firstEvent', done: false },
        { key: 'smtp', done: false },
      ],
      complete: false,
    });

    const logo = `${'b'.repeat(32)}.png`;
    fs.mkdirSync(env.deps.uploadsDir, { recursive: true });
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toFile(path.join(env.deps.uploadsDir, logo));
    await callers.admin.settings.updateIdentity({
      siteName: 'Kestrel & Finch',
      addressLines: [],
      mapMode: 'none',
      social: {},
      logoUrl: `/uploads/${logo}`,
    });
    expect(await done()).toMatchObject({ logo: true, contact: false });

    await callers.admin.settings.updateIdentity({
      siteName: 'Kestrel & Finch',
      contactPhone: '+44 161 496 0000',
      addressLines: [],
      mapMode: 'none',
      social: {},
      logoUrl: `/uploads/${logo}`,
    });
    expect(await done()).toMatchObject({ contact: true, homeContent: false });

    await saveHomeContent(env.db, JSON.stringify(DEMO_HOME_CONTENT), new Date().toISOString());
    await insertEventRow(env.db, { title: 'First Forum' });
    await useSmtpServer(env.db, { port: 2525 });
    expect(await callers.admin.dashboard.setupChecklist()).toEqual({
      items: [
        { key: 'logo', done: true },
        { key: 'contact', done: true },
        { key: 'homeContent', done: true },
        { key: 'firstEvent', done: true },
        { key: 'smtp', done: true },
      ],
      complete: true,
    });
  });
});
