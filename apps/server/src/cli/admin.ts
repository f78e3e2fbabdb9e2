/**
 * The operator's command line: `npm run admin -- set-password <email>` (or, from a build without the
 * dev dependencies, `node apps/server/dist/admin.js set-password <email>`). It reads the same
 * configuration as the server and opens the same database: DATABASE_URL, or the embedded database in
 * DATA_DIR, which it locks like the server does, so it refuses to run while a server has that
 * directory open. Exit code 0 when done, 1 with a message otherwise.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { migrateDatabase } from '../db/migrate';
import { readNewPassword } from './read-password';
import { CommandError, checkNewPassword, findAccount, setPassword } from './set-password';

const USAGE = `Usage: npm run admin -- set-password <email>

  Sets the password of the account with this email (the policy of its role: 12 characters for the
  admin and staff, 8 for a buyer, never a common password) and signs out every
  earlier login of it. The password is read from standard input when it is piped, otherwise asked
  for twice without echo. The server must be stopped when it uses the embedded database (DATA_DIR).`;

async function withDatabase<T>(run: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  let releaseLock = () => {};
  if (!config.DATABASE_URL) {
    if (!existsSync(path.join(config.DATA_DIR, 'db'))) {
      throw new CommandError(
        `No database in ${config.DATA_DIR}: start the server once to create it, or set DATA_DIR to the server's data directory.`,
      );
    }
    try {
      releaseLock = acquireDataDirLock(config.DATA_DIR);
    } catch (error) {
      const pid = /\(pid (\d+)\)/.exec(error instanceof Error ? error.message : '')?.[1];
      if (!pid) throw error;
      throw new CommandError(
        `The server (pid ${pid}) has the embedded database in ${config.DATA_DIR} open, and only one process may: ` +
          'stop it, run this command, then start it again.',
      );
    }
  }
  try {
    const database = await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, 'db'),
      poolSize: 1,
    });
    try {
      // A database last opened by an older server may lack the token version column.
      await migrateDatabase(database);
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  if (command !== 'set-password' || !email || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  return withDatabase(async ({ db }) => {
    const account = await findAccount(db, email);
    const password = await readNewPassword(process.stdin, process.stderr, account.email);
    await checkNewPassword(password, account.role);
    await setPassword(db, account.email, password);
    console.log(`The password of ${account.email} is changed; every earlier login of this account is signed out.`);
    return 0;
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const expected =
    error instanceof CommandError || (error instanceof Error && error.message.startsWith('Invalid configuration'));
  console.error(expected ? error.message : error);
  process.exitCode = 1;
}
process.exit();
