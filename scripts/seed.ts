// npm run seed [-- --reset] [-- --reset-passwords]: demo data that makes every screen look alive,
// including the demo firm itself (its name, contact details and home page: scripts/seed/firm.ts).
// Rows have fixed ids, so running it twice adds nothing new; --reset deletes all events, sessions,
// slots, delegates, bookings, contacts and the demo accounts first. A demo account that is created
// gets a new random password, printed once; an existing one keeps its password (and says so) unless
// --reset-passwords asks for new ones.
import { describePostgresUrl } from '@server/core/startup';
import { openConfiguredDatabase, parseArgs } from './open-database';
import { runSeed } from './seed/run-seed';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const opened = await openConfiguredDatabase();
  const { db, config } = opened;
  if (config.nodeEnv === 'production' && !args.has('force')) {
    console.error('Refusing to add demo data with NODE_ENV=production. Pass --force if you really mean it.');
    process.exit(1);
  }
  try {
    const where = opened.dialect === 'sqlite' ? opened.file : describePostgresUrl(opened.url);
    await runSeed(db, { reset: args.has('reset'), resetPasswords: args.has('reset-passwords'), where }, (line) => console.log(line));
  } finally {
    await db.destroy();
  }
}

await main();
