import type { Command } from 'commander';
import { userInfo } from 'node:os';
import { officeLabel } from '@shared/journal/office';
import { officeAdmin, type OfficeRole } from '../../main/journal/office/admin';
import { dataHome } from '../../main/profiles/data-home';
import { CliFailure, printJson, readStdin } from '../output';
import { oneOf } from '../options';

// The journal modules (pg, better-sqlite3-multiple-ciphers, the keychain) are loaded in the actions that use them,
// so the rest of the CLI starts without them.
const journalOpen = () => import('../../main/journal/open');

/** An owner's or a person's password: piped on standard input, else PGPASSWORD, else none (the URL's). */
async function password(stdin: boolean | undefined): Promise<string | undefined> {
  if (!stdin) return process.env.PGPASSWORD;
  if (process.stdin.isTTY) throw new CliFailure('Pipe the password on standard input (--password-stdin)');
  const text = (await readStdin('The password on standard input', 4096)).replace(/\r?\n$/, '');
  if (!text) throw new CliFailure('The password read from standard input is empty');
  return text;
}

/**
 * Connection options from a URL (refused with a password in it: process lists and shell history
 * keep it). TLS follows the desks' rules (connect.ts): verify-full unless sslmode=disable for a
 * database on this computer, which is also the default there.
 */
function connect(url: string, secret: string | undefined) {
  // Checked by hand: a URL may name several servers (HOST1:PORT,HOST2:PORT), which URL() refuses.
  const shape = /^[a-z][a-z0-9+.-]*:\/\/(?:([^@/?#]*)@)?[^/?#]+/i.exec(url);
  if (!shape) throw new CliFailure(`Not a URL: ${url} (postgres://USER@HOST:PORT/DATABASE)`);
  if (shape[1]?.includes(':')) throw new CliFailure('Keep the password out of the URL: give it in PGPASSWORD');
  return { url, ...(secret !== undefined ? { password: secret } : {}) };
}

/** `feed-desk office …`: set up the office journal (administrator), add people, move a desk's journal there. */
export function registerOffice(program: Command): void {
  const office = program
    .command('office')
    .description(
      'The office journal on PostgreSQL: set it up, add people, point this desk at it, copy this desk’s journal',
    );

  office
    .command('init')
    .description('Create or upgrade the office journal and its two roles (run once, with an owner account)')
    .requiredOption('--url <url>', 'the owner account: postgres://OWNER@HOST:PORT/DATABASE (password: PGPASSWORD)')
    .option('--json', 'print JSON')
    .action(async (opts: { url: string; json?: boolean }) => {
      const { officeInit } = await officeAdmin();
      const done = await officeInit(connect(opts.url, process.env.PGPASSWORD));
      if (opts.json) return printJson(done);
      process.stdout.write(
        `office journal ready (schema ${done.from} → ${done.to}; roles feed_desk_clerk and feed_desk_supervisor; ` +
          `free-text index ${done.trigram ? 'on' : 'off: pg_trgm could not be installed'})\n` +
          (done.lockedPublic
            ? 'schema public: CREATE revoked from PUBLIC, so no one but its owner can plant objects there\n'
            : ''),
      );
    });

  office
    .command('add-user')
    .description('Add a person as a clerk or a supervisor; without --url, print the SQL to run as the owner')
    .argument('<name>', 'the database user name')
    .requiredOption('--role <role>', 'clerk or supervisor', oneOf('--role', ['clerk', 'supervisor'] as const))
    .option('--url <url>', 'the owner account, to do it now (password: PGPASSWORD)')
    .option('--password-stdin', "read the new person's password from standard input")
    .action(async (name: string, opts: { role: OfficeRole; url?: string; passwordStdin?: boolean }) => {
      const { addUser, addUserSql } = await officeAdmin();
      if (!opts.url) {
        process.stdout.write(`${addUserSql(name, opts.role)}\n`);
        return;
      }
      const secret = opts.passwordStdin ? await password(true) : undefined;
      const { created } = await addUser(connect(opts.url, process.env.PGPASSWORD).url, name, opts.role, secret);
      process.stdout.write(`${created ? 'added' : 'updated'} ${name} as ${opts.role}\n`);
    });

  office
    .command('import-local')
    .description(
      'Copy this desk’s journal into the office journal, its operators and history marked as imported; safe to run again',
    )
    .requiredOption('--url <url>', 'the owner account: postgres://OWNER@HOST:PORT/DATABASE (password: PGPASSWORD)')
    .option('--from <name>', 'whose desk this is, as the imported rows will say (default: this OS user)')
    .option('--json', 'print JSON')
    .action(async (opts: { url: string; from?: string; json?: boolean }) => {
      const owner = connect(opts.url, process.env.PGPASSWORD);
      const [{ importLocal }, { openLocalJournal }, { createCredentialStore, loadKeytar }] = await Promise.all([
        import('../../main/journal/import-local'),
        import('../../main/journal/open'),
        import('../../main/credentials/keychain'),
      ]);
      const home = dataHome();
      const credentials = createCredentialStore(loadKeytar, home);
      const local = await openLocalJournal({ home, credentials, env: process.env }, userInfo().username);
      const result = await importLocal(local, owner, { from: opts.from }).finally(() => local.close());
      if (opts.json) return printJson(result);
      process.stdout.write(`${result.imported} copied, ${result.skipped} already there\n`);
    });

  office
    .command('connect')
    .description('Use the office journal on this desk from now on (the app and the CLI); checks the sign-in first')
    .argument(
      '<url>',
      'postgres://USER@HOST:PORT/DATABASE[?sslrootcert=CA-FILE] (TLS verify-full; sslmode=disable only on this computer)',
    )
    .option('--password-stdin', 'read your database password from standard input (kept in the OS keychain)')
    .option('--json', 'print JSON')
    .action(async (url: string, opts: { passwordStdin?: boolean; json?: boolean }) => {
      const home = dataHome();
      const { officeFromUrl, officeOptions, officePasswordKey, writeJournalSettings } = await journalOpen();
      const settings = officeFromUrl(url);
      const secret = await password(opts.passwordStdin);
      const { createPostgresStore } = await officeAdmin();
      const store = await createPostgresStore(officeOptions(settings, secret));
      const where = store.location;
      await store.close();
      if (opts.passwordStdin && secret !== undefined) {
        const { createCredentialStore, loadKeytar } = await import('../../main/credentials/keychain');
        await createCredentialStore(loadKeytar, home).officePassword.save(officePasswordKey(settings), secret);
      }
      writeJournalSettings(home, { kind: 'office', office: settings });
      if (opts.json) return printJson(where);
      process.stdout.write(
        `this desk now uses the office journal ${officeLabel(settings)} (signed in as ${where.user}, ${where.role})\n`,
      );
    });

  office
    .command('disconnect')
    .description('Use the journal on this computer again (the office journal is not changed)')
    .action(async () => {
      const { writeJournalSettings } = await journalOpen();
      writeJournalSettings(dataHome(), { kind: 'local' });
      process.stdout.write('this desk now uses the journal on this computer\n');
    });
}
