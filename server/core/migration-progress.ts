// What start-up knows while it updates the database: which migrations are left, which runs now and
// since when, and how long each took. It writes the log lines an operator reads during an upgrade
// (one when the update starts, one per migration with its duration, one at the end) and answers the
// page and /readyz the site shows meanwhile (server/monitoring/updating-server.ts).
import type { MigrationEvents } from '@db/migrate';

export interface MigrationStatus {
  total: number;
  done: number;
  /** The migration running now, and since when (ms, the injected clock's). */
  current: { name: string; since: number } | null;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export class MigrationProgress implements MigrationEvents {
  private total = 0;
  private done = 0;
  private current: { name: string; since: number } | null = null;
  private startedAt = 0;
  private stopAsked = false;

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  onPending(names: string[]): void {
    this.total = names.length;
    this.startedAt = this.now();
    if (names.length > 0) {
      this.log(
        `Updating the database: ${names.length} migration${names.length === 1 ? '' : 's'} to run (${names[0]} to ${names.at(-1)}); ` +
          `the site answers 503 "being updated" until they are done.`,
      );
    }
  }

  onStart(name: string): void {
    this.current = { name, since: this.now() };
  }

  onDone(name: string, ms: number): void {
    this.done += 1;
    this.current = null;
    this.log(`Migration ${name} done in ${seconds(ms)} (${this.done} of ${this.total}).`);
  }

  /** The last line: how many ran, in how long (nothing when none had to). */
  finished(stopped: boolean): void {
    if (this.total === 0) return;
    const took = seconds(this.now() - this.startedAt);
    if (stopped) this.log(`Stopped after ${this.done} of ${this.total} migrations (${took}); the next start runs the rest.`);
    else this.log(`Database updated: ${this.done} migration${this.done === 1 ? '' : 's'} in ${took}.`);
  }

  /** A shutdown asked while migrating: the migration running now finishes, no other starts. */
  stop(): void {
    this.stopAsked = true;
  }

  shouldStop(): boolean {
    return this.stopAsked;
  }

  get running(): string | null {
    return this.current?.name ?? null;
  }

  status(): MigrationStatus {
    return { total: this.total, done: this.done, current: this.current };
  }

  /** For /readyz: 'updating the database: 2 of 12 migrations done, running 2026-11-27_190_check_in for 3 s'. */
  describe(): string {
    const base = `updating the database: ${this.done} of ${this.total} migrations done`;
    if (this.current === null) return base;
    return `${base}, running ${this.current.name} for ${Math.floor((this.now() - this.current.since) / 1000)} s`;
  }
}
