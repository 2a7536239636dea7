// The hero carousel's timing: 5000 ms auto-advance, 500 ms lock after each
// change, wrap-around in both directions, dots.
import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heroSlides } from '@client/features/home/content';
import { HeroCarousel } from '@client/features/home/HeroCarousel';
import { AUTO_ADVANCE_MS, LOCK_MS } from '@client/features/home/use-carousel';
import { renderWithProviders } from './render';

/** The carousel's links need a router: a one-route memory router that renders just the carousel. */
async function renderCarousel() {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <HeroCarousel heroSlides={[...heroSlides]} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
}

/** The slide the visitor sees: the one not hidden from assistive technology. */
function activeSlideTitle(): string {
  const visible = screen.getAllByRole('group', { hidden: true }).filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return visible[0]?.querySelector('h2')?.textContent ?? '';
}

function currentDot(): string | null {
  const current = screen.getAllByRole('button', { name: /^Go to slide \d$/ }).filter((dot) => dot.getAttribute('aria-current') === 'true');
  expect(current).toHaveLength(1);
  return current[0]?.getAttribute('aria-label') ?? null;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

const [first, second, third] = heroSlides.map((slide) => slide.title);

describe('hero carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // the router resets scroll; jsdom has none
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('has three slides and the two call-to-action links', async () => {
    await renderCarousel();
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => [slide.getAttribute('aria-label'), slide.querySelector('h2')?.textContent])).toEqual([
      ['1 of 3', 'International Business'],
      ['2 of 3', 'Strategic Consulting'],
      ['3 of 3', 'Market Entry'],
    ]);
    expect(screen.getByRole('link', { name: 'Book Consultation' })).toHaveAttribute('href', '/consultation');
    expect(screen.getByRole('link', { name: 'Our Services' })).toHaveAttribute('href', '/#services');
  });

  it('starts at slide 1 and advances after exactly 5000 ms', async () => {
    await renderCarousel();
    expect(activeSlideTitle()).toBe(first);
    expect(currentDot()).toBe('Go to slide 1');

    advance(4999);
    expect(activeSlideTitle()).toBe(first);
    advance(1);
    expect(activeSlideTitle()).toBe(second);
    expect(currentDot()).toBe('Go to slide 2');

    advance(4999);
    expect(activeSlideTitle()).toBe(second);
    advance(1);
    expect(activeSlideTitle()).toBe(third);
    advance(5000);
    expect(activeSlideTitle()).toBe(first);
  });

  it('wraps: previous from the first slide goes to the third, next from the third to the first', async () => {
    await renderCarousel();
    click('Previous slide');
    expect(activeSlideTitle()).toBe(third);
    expect(currentDot()).toBe('Go to slide 3');

    advance(LOCK_MS);
    click('Next slide');
    expect(activeSlideTitle()).toBe(first);
  });

  it('ignores a second change within 500 ms of the last one and accepts it after', async () => {
    await renderCarousel();
    click('Next slide');
    expect(activeSlideTitle()).toBe(second);

    advance(499);
    click('Next slide');
    expect(activeSlideTitle()).toBe(second);
    click('Go to slide 1');
    expect(activeSlideTitle()).toBe(second);

    advance(1);
    click('Next slide');
    expect(activeSlideTitle()).toBe(third);
  });

  it('goes to the slide of a dot', async () => {
    await renderCarousel();
    click('Go to slide 3');
    expect(activeSlideTitle()).toBe(third);
    expect(currentDot()).toBe('Go to slide 3');

    advance(LOCK_MS);
    click('Go to slide 2');
    expect(activeSlideTitle()).toBe(second);
  });

  it('stops advancing when paused and resumes when played', async () => {
    await renderCarousel();
    click('Pause slideshow');
    advance(AUTO_ADVANCE_MS * 3);
    expect(activeSlideTitle()).toBe(first);

    click('Play slideshow');
    advance(AUTO_ADVANCE_MS);
    expect(activeSlideTitle()).toBe(second);
  });
});
