// Link and site-path fields (event image, video and registration link, delegate photo, avatar, the
// home page's pictures): they refuse what a browser would follow to another host ('/\host/...',
// '//host') and control characters, with the field's own message, both in the shared schemas and
// through the API. One check (isSitePath) serves every path field.
import { saveHomeContent } from '@server/home-page/home-page.repository';
import { DEMO_HOME_CONTENT } from '@scripts/seed/firm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSitePath, isUrlOrSitePath } from './common.schemas';
import { homeContentInput } from '@server/home-page/home-page.schemas';
import { createEventInput } from '@server/events/events.schemas';
import { profileSettingsInput } from '@server/settings/settings.schemas';
import { createTestEnv, eventInput, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

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

describe('isSitePath', () => {
  it.each(REFUSED)('refuses %j', (value) => {
    expect(isSitePath(value)).toBe(false);
  });
  it('accepts paths on the site only', () => {
    expect(isSitePath('/uploads/0123456789abcdef0123456789abcdef.png')).toBe(true);
    expect(isSitePath('/images/hero.jpg')).toBe(true);
    expect(isSitePath('https://cdn.example.com/a.png')).toBe(false);
  });
});

describe('schemas give the field its own message', () => {
  it('event fields', () => {
    for (const value of REFUSED) {
      const result = createEventInput.safeParse({ title: 'Summit', imageUrl: value, videoUrl: value, registrationLink: value });
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

  it('homePage.update refuses a picture path another host would serve, for slides, testimonials and the founder', async () => {
    // The demo's page, which has testimonials (a new install has none).
    await saveHomeContent(env.db, JSON.stringify(DEMO_HOME_CONTENT), new Date().toISOString());
    const { updatedAt: _updatedAt, ...content } = await callers.admin.homePage.get();
    const evil = '/\\evil.example/x.png';
    const [slide, ...slides] = content.heroSlides;
    const [testimonial, ...testimonials] = content.testimonials;
    if (slide === undefined || testimonial === undefined) throw new Error('the demo content has slides and testimonials');
    for (const changed of [
      { ...content, heroSlides: [{ ...slide, image: evil }, ...slides] },
      { ...content, testimonials: [{ ...testimonial, photo: evil }, ...testimonials] },
      { ...content, founder: { ...content.founder, photo: evil } },
    ]) {
      const result = homeContentInput.safeParse(changed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please choose an uploaded image');
      await expect(callers.admin.homePage.update(changed)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await callers.admin.homePage.get()).toEqual(await callers.anonymous.homePage.get());
    expect((await callers.anonymous.homePage.get()).founder.photo).not.toBe(evil);
  });
});

