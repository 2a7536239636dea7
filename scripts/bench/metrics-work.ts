// The work request metrics add to one request, timed in this process: the route label, the request
// counter and latency histogram (what server/monitoring/health.route.ts's onResponse hook does) and, for a
// booking, its counter. Run on a real SiteMetrics over the bench's database.
import { databaseFile, openDatabase } from '@db/database';
import { methodLabel, routeLabel, statusClassLabel } from '@server/monitoring/route-label';
import { SiteMetrics } from '@server/monitoring/site-metrics';
import { appRouter } from '@server/router';
import type { FastifyRequest } from 'fastify';

const CALLS = 200_000;

/** Microseconds of metrics work per request (median of five rounds of CALLS calls). */
export async function timeMetricsWork(dataDir: string, route: { method: string; url: string; pattern: string }, booking: boolean): Promise<number> {
  const { db } = openDatabase(databaseFile(dataDir));
  try {
    const metrics = new SiteMetrics({ db });
    const procedures: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));
    // What the hook reads of a request: its URL, method and the route pattern Fastify matched.
    const req = { url: route.url, method: route.method, routeOptions: { url: route.pattern } } as unknown as FastifyRequest;
    const once = (index: number) => {
      metrics.requestAnswered(methodLabel(req.method), routeLabel(req, procedures), statusClassLabel(200), 0.0005 + (index % 7) * 0.001);
      if (booking) metrics.bookingCreated('staff', 'pending');
    };
    const rounds: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const started = process.hrtime.bigint();
      for (let index = 0; index < CALLS; index += 1) once(index);
      // The first round warms the code up and is not counted.
      if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / 1000 / CALLS);
    }
    rounds.sort((a, b) => a - b);
    return rounds[Math.floor(rounds.length / 2)] ?? 0;
  } finally {
    await db.destroy();
  }
}
