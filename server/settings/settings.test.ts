// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIdFromToken } from '@server/identity/session.service';
import type { EmailSettingsInput, SecuritySettingsInput, SystemSettingsInput } from './settings.schemas';
import {
  TEST_PASSWORD,
  callerFor,
  createAccount,
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectStaffOnly,
  expectTRPCError,
  recordCookies,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const profile = { name: 'Ama Mensah', email: 'ama@example.com', avatarUrl: '/uploads/abc.png' };
const security: SecuritySettingsInput = { sessionTimeout: 120 };
const notifications = { emailNotifications: false, newBookings: true, newContacts: false, systemAlerts: true, weeklyReports: true, language: 'fr' as const };
const system: SystemSettingsInput = {
  siteName: 'Accra Bridge Partners',
  siteDescription: 'Market entry for West Africa.',
  timezone: 'America/New_York',
  maintenanceMode: true,
  allowRegistrations: false,
  maxFileSize: 25,
  reminderHours: 48,
  outboxRetentionDays: 30,
  emailGiveUpHours: 12,
  backupSchedule: 'daily',
  backupTime: '04:30',
  backupKeep: 5,
  meetingBaseUrl: 'https://meet.example.org',
  currency: 'CHF',
  pricesIncludeTax: true,
  paymentDeadlineDays: 7,
};
const email: EmailSettingsInput = {
  smtpHost: 'smtp.example.com',
  smtpPort: 2525,
  smtpUser: 'mailer',
  smtpPassword: 'smtp-secret-1',
  fromEmail: 'Bookings@Example.com',
  fromName: 'Bookings Desk',
};

/** Fresh default settings for the site-wide groups, so each test starts from a known state. */
async function clearSiteSettings(): Promise<void> {
  await env.db.deleteFrom('settings').execute();
}

describe('settings router: role matrix', () => {
  it('lets anyone read the public settings', async () => {
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      await expect(caller.settings.public()).resolves.toMatchObject({ timezone: expect.any(String) });
    }
  });

  it('lets any signed-in account read its settings, with the e-mail group for admins only', async () => {
    await expectStaffOnly(callers, (c) => c.settings.get());
    expect((await callers.user.settings.get()).email).toBeNull();
    expect((await callers.admin.settings.get()).email).toEqual({
      smtpHost: null,
      smtpPort: 587,
      smtpUser: null,
      smtpPasswordSet: false,
      fromEmail: null,
      fromName: null,
    });
  });

  it('lets any signed-in account save its own profile, security and notifications', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account);
    await expectStaffOnly(callers, (c) => c.settings.updateProfile(profile));
    await expectStaffOnly(callers, (c) => c.settings.updateSecurity(security));
    await expectStaffOnly(callers, (c) => c.settings.updateNotifications(notifications));
    await expect(own.settings.updateProfile({ name: 'Kofi', email: account.user.email })).resolves.toMatchObject({ name: 'Kofi' });
    await expect(own.settings.updateSecurity(security)).resolves.toMatchObject({ sessionTimeout: 120 });
    await expect(own.settings.updateNotifications(notifications)).resolves.toEqual(notifications);
    await expect(callers.admin.settings.updateNotifications(notifications)).resolves.toEqual(notifications);
  });

  it('keeps system and e-mail settings and the test e-mail for admins', async () => {
    await clearSiteSettings();
    await expectAdminOnly(callers, (c) => c.settings.updateSystem(system));
    await expectAdminOnly(callers, (c) => c.settings.updateEmail(email));
    await expectAdminOnly(callers, (c) => c.settings.testEmail(email));
    // The refused calls saved nothing.
    expect((await callers.admin.settings.get()).system.siteName).toBe('Our Firm');
    expect((await callers.admin.settings.get()).email?.smtpHost).toBeNull();
    await expect(callers.admin.settings.updateSystem(system)).resolves.toMatchObject({ siteName: 'Accra Bridge Partners' });
    await expect(callers.admin.settings.updateEmail(email)).resolves.toMatchObject({ smtpHost: 'smtp.example.com' });
    // Admins reach the test e-mail (sending for real is in test-email.test.ts).
    await expectTRPCError(
      callers.admin.settings.testEmail({ smtpHost: '', fromEmail: '' }),
      'BAD_REQUEST',
      'Please configure SMTP settings before testing',
    );
  });
});

describe('settings: defaults', () => {
  it('reads the defaults when nothing was ever saved', async () => {
    await clearSiteSettings();
    const account = await createAccount(env.db, 'admin', { name: 'Default Admin', email: 'defaults@example.com' });
    const all = await callerFor(env.deps, account).settings.get();
    expect(all).toEqual({
      profile: { name: 'Default Admin', email: 'defaults@example.com', role: 'admin', avatarUrl: null },
      security: { twoFactorEnabled: false, sessionTimeout: 60 },
      notifications: { emailNotifications: true, newBookings: true, newContacts: true, systemAlerts: true, weeklyReports: false, language: 'en' },
      system: {
        siteName: 'Our Firm',
        siteDescription: null,
        timezone: 'UTC',
        maintenanceMode: false,
        allowRegistrations: true,
        maxFileSize: 10,
        reminderHours: 24,
        outboxRetentionDays: 90,
        emailGiveUpHours: 24,
        backupSchedule: 'off',
        backupTime: '03:00',
        backupKeep: 7,
        meetingBaseUrl: null,
        currency: 'EUR',
        pricesIncludeTax: false,
        paymentDeadlineDays: 7,
      },
      identity: {
        siteName: 'Our Firm',
        siteDescription: null,
        tagline: null,
        contactEmail: null,
        contactPhone: null,
        addressLines: [],
        openingHours: null,
        replyPromise: null,
        mapMode: 'none',
        mapLatitude: null,
        mapLongitude: null,
        social: { linkedin: null, x: null, facebook: null, instagram: null, youtube: null },
        footerText: null,
        primaryColor: '#0b3d5c',
        accentColor: '#f2b544',
        logoUrl: null,
        translations: {},
      },
      email: { smtpHost: null, smtpPort: 587, smtpUser: null, smtpPasswordSet: false, fromEmail: null, fromName: null },
      backup: null,
    });
  });

  it('gives the public only the seven public fields and the identity', async () => {
    await clearSiteSettings();
    expect(await callers.anonymous.settings.public()).toMatchObject({
      siteName: 'Our Firm',
      siteDescription: null,
      timezone: 'UTC',
      maintenanceMode: false,
      allowRegistrations: true,
      currency: 'EUR',
      pricesIncludeTax: false,
    });
    expect(Object.keys(await callers.anonymous.settings.public()).sort()).toEqual(
      ['allowRegistrations', 'currency', 'identity', 'maintenanceMode', 'pricesIncludeTax', 'siteDescription', 'siteName', 'timezone'],
    );
  });
});

describe('settings: profile', () => {
  it('saves name, e-mail and avatar of the caller and reads them back', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account);
    const saved = await own.settings.updateProfile({
      name: '  Ama Mensah ',
      email: ' AMA@Example.com ',
      avatarUrl: '/uploads/abc.png',
      currentPassword: TEST_PASSWORD,
    });
    expect(saved).toEqual({ name: 'Ama Mensah', email: 'ama@example.com', role: 'user', avatarUrl: '/uploads/abc.png' });
    expect((await own.settings.get()).profile).toEqual(saved);
    // An absent avatar clears it: the form always sends the whole group.
    expect((await own.settings.updateProfile({ name: 'Ama Mensah', email: 'ama@example.com' })).avatarUrl).toBeNull();
  });

  it('never changes the role, even when one is sent', async () => {
    const account = await createAccount(env.db, 'user');
    const withRole = { name: 'Sneaky', email: account.user.email, role: 'admin' };
    const saved = await callerFor(env.deps, account).settings.updateProfile(withRole);
    expect(saved.role).toBe('user');
    const row = await env.db.selectFrom('users').select('role').where('id', '=', account.user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });

  it('refuses an e-mail address that another account holds, changing nothing', async () => {
    const other = await createAccount(env.db, 'user', { email: 'taken@example.com' });
    const account = await createAccount(env.db, 'user', { name: 'Before' });
    const own = callerFor(env.deps, account);
    const error = await expectTRPCError(
      own.settings.updateProfile({ name: 'After', email: 'TAKEN@example.com', currentPassword: TEST_PASSWORD }),
      'CONFLICT',
      'An account with this email already exists.',
    );
    expect(error.message).toBe('An account with this email already exists.');
    expect((await own.settings.get()).profile).toMatchObject({ name: 'Before', email: account.user.email });
    const otherRow = await env.db.selectFrom('users').select(['name', 'email']).where('id', '=', other.user.id).executeTakeFirstOrThrow();
    expect(otherRow).toEqual({ name: other.user.name, email: 'taken@example.com' });
    // Keeping one's own address is not a conflict.
    await expect(own.settings.updateProfile({ name: 'After', email: account.user.email })).resolves.toMatchObject({ name: 'After' });
  });

  it('needs the current password for a new sign-in e-mail, counts wrong ones, and tells the old address', async () => {
    const account = await createAccount(env.db, 'user', { name: 'Kofi Boateng', email: 'kofi@example.com' });
    const own = callerFor(env.deps, account, { ip: '198.51.100.4' });
    await expectFieldErrors(own.settings.updateProfile({ name: 'Kofi Boateng', email: 'kofi.new@example.com' }), {
      currentPassword: 'Enter your current password to change your sign-in e-mail.',
    });
    await expectFieldErrors(
      own.settings.updateProfile({ name: 'Kofi Boateng', email: 'kofi.new@example.com', currentPassword: 'not-the-password' }),
      { currentPassword: 'Current password is incorrect.' },
    );
    expect((await own.settings.get()).profile.email).toBe('kofi@example.com');
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toEqual([]);

    // Wrong passwords count like sign-in failures: after the limit even the right one waits.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await expectTRPCError(
        own.settings.updateProfile({ name: 'Kofi Boateng', email: 'kofi.new@example.com', currentPassword: 'not-the-password' }),
        'BAD_REQUEST',
      );
    }
    await expectTRPCError(
      own.settings.updateProfile({ name: 'Kofi Boateng', email: 'kofi.new@example.com', currentPassword: TEST_PASSWORD }),
      'TOO_MANY_REQUESTS',
    );

    const fresh = callerFor(env.deps, account, { ip: '198.51.100.5' });
    const saved = await fresh.settings.updateProfile({ name: 'Kofi Boateng', email: 'kofi.new@example.com', currentPassword: TEST_PASSWORD });
    expect(saved.email).toBe('kofi.new@example.com');
    const notices = await env.db.selectFrom('emailOutbox').select(['kind', 'toAddress', 'subject', 'textBody']).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'account-email-changed',
      toAddress: 'kofi@example.com',
      subject: 'Our Firm: your sign-in e-mail was changed',
    });
    expect(notices[0]?.textBody).toContain('was changed from kofi@example.com to kofi.new@example.com');
    // A name change alone needs no password and tells nobody.
    await fresh.settings.updateProfile({ name: 'Kofi B.', email: 'kofi.new@example.com' });
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toHaveLength(1);
  });

  it('checks name and e-mail with their field messages and changes nothing', async () => {
    const account = await createAccount(env.db, 'user', { name: 'Unchanged' });
    const own = callerFor(env.deps, account);
    await expectFieldErrors(own.settings.updateProfile({ name: '   ', email: 'not-an-email' }), {
      name: 'Name is required',
      email: 'Valid email address is required',
    });
    await expectFieldErrors(own.settings.updateProfile({ name: 'X', email: '' }), { email: 'Valid email address is required' });
    await expectFieldErrors(own.settings.updateProfile({ name: 'X', email: account.user.email, avatarUrl: 'javascript:alert(1)' }), {
      avatarUrl: 'Please enter a valid URL',
    });
    expect((await own.settings.get()).profile).toMatchObject({ name: 'Unchanged', email: account.user.email });
  });
});

describe('settings: security', () => {
  it('saves the session timeout, never sets two-factor, and shortens open sessions to the new timeout', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account);
    // A client that still sends the old flag cannot turn two-factor on without an enrolment.
    const legacy = { twoFactorEnabled: true, sessionTimeout: 480 } as SecuritySettingsInput;
    expect(await own.settings.updateSecurity(legacy)).toEqual({
      twoFactorEnabled: false,
      sessionTimeout: 480,
      passwordChanged: false,
    });
    expect((await own.settings.get()).security).toEqual({ twoFactorEnabled: false, sessionTimeout: 480 });
    const row = await env.db.selectFrom('users').select('sessionTimeoutMinutes').where('id', '=', account.user.id).executeTakeFirstOrThrow();
    expect(row.sessionTimeoutMinutes).toBe(480);

    const before = Date.now();
    await own.settings.updateSecurity({ sessionTimeout: 15 });
    const session = await env.db.selectFrom('sessions').select('expiresAt').where('id', '=', account.session.id).executeTakeFirstOrThrow();
    expect(Date.parse(session.expiresAt)).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(Date.parse(session.expiresAt)).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
  });

  it('checks the password fields and the timeout with their field messages and changes nothing', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account);
    await expectFieldErrors(own.settings.updateSecurity({ newPassword: 'new-password-1', confirmPassword: 'new-password-1', sessionTimeout: 60 }), {
      currentPassword: 'Current password is required to set a new password',
    });
    await expectFieldErrors(
      own.settings.updateSecurity({ currentPassword: account.password, newPassword: 'new-password-1', confirmPassword: 'new-password-2', sessionTimeout: 60 }),
      { confirmPassword: 'New passwords do not match' },
    );
    await expectFieldErrors(
      own.settings.updateSecurity({ currentPassword: account.password, newPassword: 'short', confirmPassword: 'short', sessionTimeout: 60 }),
      { newPassword: 'New password must be at least 8 characters long' },
    );
    for (const sessionTimeout of [14, 481, 30.5]) {
      await expectFieldErrors(own.settings.updateSecurity({ sessionTimeout }), {
        sessionTimeout: 'Session timeout must be between 15 and 480 minutes',
      });
    }
    expect((await own.settings.get()).security).toEqual({ twoFactorEnabled: false, sessionTimeout: 60 });
  });

  it('accepts the timeout bounds 15 and 480', async () => {
    const own = callerFor(env.deps, await createAccount(env.db, 'user'));
    await expect(own.settings.updateSecurity({ sessionTimeout: 15 })).resolves.toMatchObject({ sessionTimeout: 15 });
    await expect(own.settings.updateSecurity({ sessionTimeout: 480 })).resolves.toMatchObject({ sessionTimeout: 480 });
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const account = await createAccount(env.db, 'user', { email: 'changer@example.com', password: 'old-password-1' });
    const other = await createAccount(env.db, 'user');
    // A second sign-in of the same account, e.g. on another device.
    const signIn = callerFor(env.deps, null, { cookies: recordCookies() });
    await signIn.auth.signIn({ email: 'changer@example.com', password: 'old-password-1' });
    const sessionsBefore = await env.db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).execute();
    expect(sessionsBefore).toHaveLength(2);

    const result = await callerFor(env.deps, account).settings.updateSecurity({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
      sessionTimeout: 90,
    });
    expect(result).toEqual({ twoFactorEnabled: false, sessionTimeout: 90, passwordChanged: true });

    const sessionsAfter = await env.db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).execute();
    expect(sessionsAfter.map((s) => s.id)).toEqual([account.session.id]);
    expect(account.session.id).toBe(sessionIdFromToken(account.token));
    // Another account's session is untouched.
    const others = await env.db.selectFrom('sessions').select('id').where('userId', '=', other.user.id).execute();
    expect(others).toHaveLength(1);

    const anonymous = callerFor(env.deps, null, { cookies: recordCookies() });
    await expectTRPCError(anonymous.auth.signIn({ email: 'changer@example.com', password: 'old-password-1' }), 'UNAUTHORIZED', 'Invalid email or password.');
    await expect(anonymous.auth.signIn({ email: 'changer@example.com', password: 'new-password-1' })).resolves.toMatchObject({
      email: 'changer@example.com',
    });
  });

  it('refuses a wrong current password and then saves nothing at all', async () => {
    const account = await createAccount(env.db, 'user', { email: 'wrong-current@example.com', password: 'old-password-1' });
    const signIn = callerFor(env.deps, null, { cookies: recordCookies() });
    await signIn.auth.signIn({ email: 'wrong-current@example.com', password: 'old-password-1' });
    const own = callerFor(env.deps, account);
    await expectFieldErrors(
      own.settings.updateSecurity({
        currentPassword: 'not-my-password',
        newPassword: 'new-password-1',
        confirmPassword: 'new-password-1',
        sessionTimeout: 200,
      }),
      { currentPassword: 'Current password is incorrect.' },
    );
    expect((await own.settings.get()).security).toEqual({ twoFactorEnabled: false, sessionTimeout: 60 });
    const sessions = await env.db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).execute();
    expect(sessions).toHaveLength(2);
    await expect(
      callerFor(env.deps, null, { cookies: recordCookies() }).auth.signIn({ email: 'wrong-current@example.com', password: 'old-password-1' }),
    ).resolves.toMatchObject({ email: 'wrong-current@example.com' });
  });
});

describe('settings: notifications', () => {
  it('saves the five toggles per account and reads them back', async () => {
    const first = callerFor(env.deps, await createAccount(env.db, 'user'));
    const second = callerFor(env.deps, await createAccount(env.db, 'user'));
    expect(await first.settings.updateNotifications(notifications)).toEqual(notifications);
    expect((await first.settings.get()).notifications).toEqual(notifications);
    expect((await second.settings.get()).notifications).toEqual({
      emailNotifications: true,
      newBookings: true,
      newContacts: true,
      systemAlerts: true,
      weeklyReports: false,
      language: 'en',
    });
  });

  it('refuses a missing or non-boolean toggle and changes nothing', async () => {
    const own = callerFor(env.deps, await createAccount(env.db, 'user'));
    const { weeklyReports: _omitted, ...incomplete } = notifications;
    await expectTRPCError(own.settings.updateNotifications(incomplete as typeof notifications), 'BAD_REQUEST');
    await expectTRPCError(own.settings.updateNotifications({ ...notifications, weeklyReports: 'yes' as unknown as boolean }), 'BAD_REQUEST');
    expect((await own.settings.get()).notifications.emailNotifications).toBe(true);
  });
});

describe('settings: system', () => {
  it('saves the group, trims text and serves it to the public', async () => {
    await clearSiteSettings();
    const saved = await callers.admin.settings.updateSystem({ ...system, siteName: '  Accra Bridge Partners  ', siteDescription: '' });
    expect(saved).toEqual({ ...system, siteDescription: null });
    expect((await callers.user.settings.get()).system).toEqual(saved);
    expect(await callers.anonymous.settings.public()).toMatchObject({
      siteName: 'Accra Bridge Partners',
      siteDescription: null,
      timezone: 'America/New_York',
      maintenanceMode: true,
      allowRegistrations: false,
    });
  });

  it('checks site name, timezone and max file size with their field messages and changes nothing', async () => {
    await clearSiteSettings();
    await callers.admin.settings.updateSystem(system);
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, siteName: '  ', maxFileSize: 0 }), {
      siteName: 'Site name is required',
      maxFileSize: 'Max file size must be between 1 and 100 MB',
    });
    for (const maxFileSize of [101, 2.5]) {
      await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, maxFileSize }), {
        maxFileSize: 'Max file size must be between 1 and 100 MB',
      });
    }
    for (const timezone of ['Mars/Olympus', 'Eastern', '']) {
      await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, timezone }), { timezone: 'Please choose a timezone' });
    }
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, emailGiveUpHours: 0, backupTime: '25:00', backupKeep: 91, meetingBaseUrl: 'http://meet.example.org' }), {
      meetingBaseUrl: 'Please enter an https:// address, such as https://meet.example.org',
      emailGiveUpHours: 'Give up on an e-mail after must be between 1 and 168 hours',
      backupTime: 'Please enter a time as HH:MM',
      backupKeep: 'Backups to keep must be between 1 and 90',
    });
    expect((await callers.admin.settings.get()).system).toEqual(system);
  });

  it('takes an ISO 4217 currency in any case and refuses a made-up one', async () => {
    await expect(callers.admin.settings.updateSystem({ ...system, currency: ' gbp ' })).resolves.toMatchObject({ currency: 'GBP' });
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, currency: 'EURO' }), {
      currency: 'Please choose a currency (an ISO 4217 code such as EUR)',
    });
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, currency: 'XYZ' }), {
      currency: 'Please choose a currency (an ISO 4217 code such as EUR)',
    });
    expect(await callers.anonymous.settings.public()).toMatchObject({ currency: 'GBP', pricesIncludeTax: true });
  });

  it('takes any IANA time zone', async () => {
    for (const timezone of ['Europe/Paris', 'Asia/Kolkata', 'Africa/Lagos', 'Australia/Lord_Howe', 'UTC']) {
      await expect(callers.admin.settings.updateSystem({ ...system, timezone })).resolves.toMatchObject({ timezone });
    }
    expect(await callers.anonymous.settings.public()).toMatchObject({ timezone: 'UTC' });
  });

  it('keeps a field left out (the description included) and clears the description only when sent empty', async () => {
    await callers.admin.settings.updateSystem(system);
    const { siteDescription: _description, reminderHours: _reminder, backupKeep: _keep, backupSchedule: _schedule, ...rest } = system;
    const saved = await callers.admin.settings.updateSystem({ ...rest, siteName: 'Accra Bridge Advisory' });
    expect(saved).toEqual({ ...system, siteName: 'Accra Bridge Advisory' });
    expect((await callers.admin.settings.get()).system).toEqual(saved);
    expect(await callers.admin.settings.updateSystem({ ...rest, siteDescription: '' })).toMatchObject({ siteDescription: null, reminderHours: 48 });
    await callers.admin.settings.updateSystem(system);
    expect(await callers.admin.settings.updateSystem({ ...rest, siteDescription: null })).toMatchObject({ siteDescription: null });
  });

  it('accepts the max file size bounds 1 and 100', async () => {
    await expect(callers.admin.settings.updateSystem({ ...system, maxFileSize: 1 })).resolves.toMatchObject({ maxFileSize: 1 });
    await expect(callers.admin.settings.updateSystem({ ...system, maxFileSize: 100 })).resolves.toMatchObject({ maxFileSize: 100 });
  });
});

describe('settings: e-mail', () => {
  it('saves the group, lower-cases the from address and never returns the password', async () => {
    await clearSiteSettings();
    const saved = await callers.admin.settings.updateEmail(email);
    const expected = {
      smtpHost: 'smtp.example.com',
      smtpPort: 2525,
      smtpUser: 'mailer',
      smtpPasswordSet: true,
      fromEmail: 'bookings@example.com',
      fromName: 'Bookings Desk',
    };
    expect(saved).toEqual(expected);
    const all = await callers.admin.settings.get();
    expect(all.email).toEqual(expected);
    for (const read of [saved, all, await callers.anonymous.settings.public(), await callers.user.settings.get()]) {
      expect(JSON.stringify(read)).not.toContain('smtp-secret-1');
    }
  });

  it('keeps the stored password when none is sent and replaces it when one is, even with an empty one', async () => {
    await clearSiteSettings();
    await callers.admin.settings.updateEmail(email);
    const { smtpPassword: _omitted, ...withoutPassword } = email;
    expect((await callers.admin.settings.updateEmail({ ...withoutPassword, fromName: 'Front Desk' })).smtpPasswordSet).toBe(true);
    const stored = await env.db.selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ fromName: 'Front Desk', smtpPassword: 'smtp-secret-1' });
    // Another user or server must be given the password again (test-email.test.ts tests the test, too).
    await expectFieldErrors(callers.admin.settings.updateEmail({ ...withoutPassword, smtpUser: 'mailer2' }), {
      smtpPassword: 'Enter the SMTP password again: the server or user changed.',
    });

    await callers.admin.settings.updateEmail({ ...email, smtpPassword: 'smtp-secret-2' });
    const replaced = await env.db.selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirstOrThrow();
    expect(JSON.parse(replaced.value)).toMatchObject({ smtpPassword: 'smtp-secret-2' });

    expect((await callers.admin.settings.updateEmail({ ...email, smtpPassword: '' })).smtpPasswordSet).toBe(false);
    expect((await callers.admin.settings.get()).email?.smtpPasswordSet).toBe(false);
  });

  it('lets the whole group be emptied', async () => {
    await clearSiteSettings();
    await callers.admin.settings.updateEmail(email);
    expect(await callers.admin.settings.updateEmail({ smtpHost: '', smtpPort: null, smtpUser: '', smtpPassword: '', fromEmail: '', fromName: '' })).toEqual({
      smtpHost: null,
      smtpPort: null,
      smtpUser: null,
      smtpPasswordSet: false,
      fromEmail: null,
      fromName: null,
    });
  });

  it('checks port and from address with their field messages and changes nothing', async () => {
    await clearSiteSettings();
    await callers.admin.settings.updateEmail(email);
    await expectFieldErrors(callers.admin.settings.updateEmail({ ...email, smtpPort: null, fromEmail: 'not-an-email' }), {
      smtpPort: 'Valid SMTP port is required (1-65535)',
      fromEmail: 'Valid from email address is required',
    });
    for (const smtpPort of [0, 65536, 25.5]) {
      await expectFieldErrors(callers.admin.settings.updateEmail({ ...email, smtpPort }), {
        smtpPort: 'Valid SMTP port is required (1-65535)',
      });
    }
    await expectFieldErrors(callers.admin.settings.updateEmail({ ...email, fromEmail: '' }), {
      fromEmail: 'Valid from email address is required',
    });
    // Without a host the port may be empty.
    await expect(
      callers.admin.settings.updateEmail({ smtpHost: '', smtpPort: null, fromEmail: 'desk@example.com' }),
    ).resolves.toMatchObject({ smtpHost: null, smtpPort: null });
    await callers.admin.settings.updateEmail(email);
    await expectFieldErrors(callers.admin.settings.updateEmail({ ...email, smtpHost: 'other.example.com', smtpPort: 70000 }), {
      smtpPort: 'Valid SMTP port is required (1-65535)',
    });
    expect((await callers.admin.settings.get()).email).toMatchObject({ smtpHost: 'smtp.example.com', smtpPort: 2525 });
  });

  it('refuses a test e-mail without a host, asking to configure SMTP first', async () => {
    await clearSiteSettings();
    await expectTRPCError(
      callers.admin.settings.testEmail({ smtpHost: '', smtpPort: 587, fromEmail: 'desk@example.com' }),
      'BAD_REQUEST',
      'Please configure SMTP settings before testing',
    );
    await expectFieldErrors(callers.admin.settings.testEmail({ ...email, smtpPort: null }), {
      smtpPort: 'Valid SMTP port is required (1-65535)',
    });
  });
});
