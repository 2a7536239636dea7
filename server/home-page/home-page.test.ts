// homePage.get / homePage.update on a real database: the neutral content a new install starts with, the role
// matrix, bad input answered with field messages over HTTP, and the public cache showing an update
// at once.
// @module-tag postgres
import { SESSION_COOKIE } from '@server/identity/session.service';
import type { HomeContent } from './home-page.schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveHomeContent } from './home-page.repository';
import { DEMO_HOME_CONTENT } from '@scripts/seed/firm';
import { buildTestApp, callerFor, createAccount, createTestEnv, expectTRPCError, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;

beforeEach(async () => {
  env = await createTestEnv();
});

afterEach(async () => {
  await env.close();
});

function withoutStamp({ updatedAt: _updatedAt, ...content }: HomeContent & { updatedAt: string }): HomeContent {
  return content;
}

describe('homePage.get', () => {
  it("starts with the page's texts, without cartoon portraits, for anonymous visitors", async () => {
    const content = await callerFor(env.deps, null).homePage.get();
    expect(content.heroSlides.map((slide) => slide.title)).toEqual(['International Business', 'Strategic Consulting', 'Market Entry']);
    expect(content.services).toHaveLength(6);
    expect(content.services[0]).toEqual(expect.objectContaining({ title: 'Market Entry Advisory', icon: 'compass' }));
    // No firm's clients or founder: those are the firm's own to write (the demo's come from the seed).
    expect(content.testimonials).toEqual([]);
    expect(content.founder).toEqual(expect.objectContaining({ name: 'Our Founder', role: 'Founder', photo: null }));
    expect(content.founder.bio).toHaveLength(1);
    expect(content.priorities.map((p) => p.title)).toContain('Data-Driven Insights');
  });
});

describe('homePage.update', () => {
  // The demo's page, with its three testimonials, as `npm run seed` writes it.
  beforeEach(() => saveHomeContent(env.db, JSON.stringify(DEMO_HOME_CONTENT), new Date().toISOString()));

  it('is refused to anonymous callers (UNAUTHORIZED) and to role user (FORBIDDEN)', async () => {
    const current = withoutStamp(await callerFor(env.deps, null).homePage.get());
    await expectTRPCError(callerFor(env.deps, null).homePage.update(current), 'UNAUTHORIZED');
    const user = await createAccount(env.db, 'user');
    await expectTRPCError(callerFor(env.deps, user).homePage.update(current), 'FORBIDDEN');
  });

  it('lets an admin replace a testimonial, visible to the next public read at once (cache invalidated)', async () => {
    const admin = await createAccount(env.db, 'admin');
    const anonymous = callerFor(env.deps, null);
    const before = withoutStamp(await anonymous.homePage.get());
    await anonymous.homePage.get(); // cached now
    const edited: HomeContent = {
      ...before,
      testimonials: [
        { name: 'Kofi Asante', role: 'COO, Volta Foods', photo: '/uploads/kofi.jpg', text: 'They opened Canada for us.', link: 'https://example.com/kofi' },
        ...before.testimonials.slice(1),
      ],
    };
    const saved = await callerFor(env.deps, admin).homePage.update({
      ...edited,
      testimonials: edited.testimonials.map((t, i) => (i === 1 ? { ...t, link: '  ' } : t)),
    });
    expect(saved.testimonials[0]).toEqual(edited.testimonials[0]);
    expect(saved.testimonials[1]?.link).toBeNull(); // blank means none
    const after = await anonymous.homePage.get();
    expect(after.testimonials[0]?.name).toBe('Kofi Asante');
    expect(after.updatedAt).toBe(saved.updatedAt);
  });

  it('takes a page without testimonials (the home page then leaves the section out)', async () => {
    const admin = await createAccount(env.db, 'admin');
    const current = withoutStamp(await callerFor(env.deps, null).homePage.get());
    const saved = await callerFor(env.deps, admin).homePage.update({ ...current, testimonials: [] });
    expect(saved.testimonials).toEqual([]);
  });

  it('answers bad input with BAD_REQUEST and field messages over HTTP, never a 500', async () => {
    const admin = await createAccount(env.db, 'admin');
    const app = await buildTestApp(env);
    try {
      const current = withoutStamp(await callerFor(env.deps, null).homePage.get());
      const post = (body: unknown) =>
        app.inject({
          method: 'POST',
          url: '/api/trpc/homePage.update',
          headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${admin.token}` },
          payload: JSON.stringify(body),
        });

      const blankName = await post({ ...current, testimonials: [{ ...current.testimonials[0], name: ' ' }] });
      expect(blankName.statusCode).toBe(400);
      expect(blankName.json().error.data.code).toBe('BAD_REQUEST');
      expect(blankName.json().error.message).toBe('Name is required');
      expect(blankName.json().error.data.fieldErrors).toEqual({ testimonials: ['Name is required'] });

      const foreignPhoto = await post({ ...current, founder: { ...current.founder, photo: 'https://evil.example/x.png' } });
      expect(foreignPhoto.statusCode).toBe(400);
      expect(foreignPhoto.json().error.data.fieldErrors).toEqual({ founder: ['Please choose an uploaded image'] });

      const scriptLink = await post({ ...current, testimonials: [{ ...current.testimonials[0], link: 'javascript:alert(1)' }] });
      expect(scriptLink.json().error.data.fieldErrors).toEqual({ testimonials: ['Please enter a valid URL'] });

      const tooMany = await post({ ...current, heroSlides: Array.from({ length: 7 }, () => current.heroSlides[0]) });
      expect(tooMany.json().error.data.fieldErrors).toEqual({ heroSlides: ['At most 6 hero slides'] });

      const none = await post({ ...current, services: [] });
      expect(none.json().error.data.fieldErrors).toEqual({ services: ['Add at least one of the services'] });

      const longText = await post({ ...current, priorities: [{ title: 'X', text: 'y'.repeat(1501) }] });
      expect(longText.json().error.data.fieldErrors).toEqual({ priorities: ['Must be at most 1500 characters'] });

      const empty = await post({});
      expect(empty.statusCode).toBe(400);

      // Nothing was saved by the refused calls.
      expect(withoutStamp(await callerFor(env.deps, null).homePage.get())).toEqual(current);
    } finally {
      await app.close();
    }
  });
});
