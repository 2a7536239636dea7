// GET /events.ics: the public calendar feed of upcoming session times (see services/calendar-feed).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { buildCalendarFeed } from './calendar-feed.service';
import { CALENDAR_FEED_PATH } from '@server/shared/calendar-feed-path';

export function calendarFeedRoutes(deps: AppDeps, now: () => Date = () => new Date()): FastifyPluginAsync {
  return async (app) => {
    app.get(CALENDAR_FEED_PATH, async (_req, reply) => {
      const body = await buildCalendarFeed(deps, { now: now() });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="events.ics"')
        .header('Cache-Control', 'public, max-age=300')
        .send(body);
    });
  };
}
