// npm run user:create -- --email someone@example.com --role admin|user [--name "Full Name"]
// Asks for the password (hidden) on a terminal, or reads it from standard input when piped.
import readline from 'node:readline';
import { z } from 'zod';
import { createUserInput } from '@server/identity/auth.schemas';
import { systemContext } from '@server/core/service-context';
import { createUser } from '@server/identity/users.service';
import { openConfiguredDatabase, parseArgs } from './open-database';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write('Password: ');
  output._writeToOutput = () => undefined; // keep the password off the screen
  const password = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return password;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const email = args.get('email');
  const role = args.get('role') ?? 'user';
  if (typeof email !== 'string' || typeof role !== 'string') {
    console.error('Usage: npm run user:create -- --email someone@example.com --role admin|user [--name "Full Name"]');
    process.exit(2);
  }
  const nameArg = args.get('name');
  const name = typeof nameArg === 'string' ? nameArg : email.split('@')[0] ?? email;
  const password = await readPassword();
  const parsed = createUserInput.safeParse({ name, email, password, role });
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    for (const [field, messages] of Object.entries(flat)) console.error(`${field}: ${messages?.[0] ?? 'invalid'}`);
    process.exit(2);
  }
  const { db } = await openConfiguredDatabase();
  try {
    // Recorded in the audit log as done from the shell, by nobody signed in.
    const user = await createUser(systemContext({ db }, { ip: 'local', name: 'command line' }), parsed.data);
    console.log(`Created ${user.role} account ${user.email}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

await main();
