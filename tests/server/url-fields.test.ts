// Link and site-path fields (event image, video and registration link, delegate photo, avatar):
// they refuse what a browser would follow to another host ('/\host/...', '//host') and control
// characters, with the field's own message, both in the shared schemas and through the API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUrlOrSitePath } from '@server/schemas/common';
import { eventFields } from '@server/schemas/events';
import { profileSettingsInput } from '@server/schemas/settings';
import { createTestEnv, eventInput, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from './helpers';

const REFUSED = [
  '/\\evil.example/path',
  '/\\/evil.example',
  '//evil.example',
  '//evil.example/uploads/a.png',
  '/uploads/a.png\u0000',
  '/uploads/\u0007a.png',
  '/up\tloads/a.png',
  '/uploads/a.png\u007f',
  'https://example.com/\u0001image.png',
  'https://exa\nmple.com/a.png',
  'javascript:alert(1)',
  'data:text/html,hi',
];

const ACCEPTED = ['/uploads/0123456789abcdef0123456789abcdef.png', '/images/hero.jpg', 'https://cdn.example.com/a.png', 'http://example.com/video.mp4'];

describe('isUrlOrSitePath', () => {
  it.each(REFUSED)('refuses %j', (value) => {
    expect(isUrlOrSitePath(value)).toBe(false);
  });
  it.each(ACCEPTED)('accepts %j', (value) => {
    expect(isUrlOrSitePath(value)).toBe(true);
  });
});

describe('schemas give the field its own message', () => {
  it('event fields', () => {
    for (const value of REFUSED) {
      const result = eventFields.safeParse({ title: 'Summit', imageUrl: value, videoUrl: value, registrationLink: value });
      expect(result.success, value).toBe(false);
      const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
      expect(messages, JSON.stringify(value)).toEqual({
        imageUrl: 'Please enter a valid URL',
        videoUrl: 'Please enter a valid URL',
        registrationLink: 'Registration link must be a valid URL',
      });
    }
  });

  it('profile avatar', () => {
    const result = profileSettingsInput.safeParse({ name: 'Ama', avatarUrl: '/\\evil.example/a.png' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'avatarUrl')?.message).toBe('Please enter a valid URL');
  });
});

describe('through the API', () => {
  let env: TestEnv;
  let callers: RoleCallers;
  beforeEach(async () => {
    env = await createTestEnv();
    callers = await roleCallers(env);
  });
  afterEach(() => env.close());

  it('events.create answers BAD_REQUEST with field messages and stores nothing', async () => {
    await expectFieldErrors(
      callers.admin.events.create(eventInput({ imageUrl: '/\\evil.example/x.png', videoUrl: '//evil.example/v.mp4', registrationLink: '/a\u0000b' })),
      {
        imageUrl: 'Please enter a valid URL',
        videoUrl: 'Please enter a valid URL',
        registrationLink: 'Registration link must be a valid URL',
      },
    );
    const count = await env.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
