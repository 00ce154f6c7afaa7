import type { Command } from 'commander';
import { SANDBOX_PROFILE, profileSchema, type DateFormat } from '../../../shared/profile/schema';
import { dataHome } from '../../main/profiles/data-home';
import { openProfileStore } from '../../main/profiles/profile-store';
import { createCredentialStore } from '../../main/credentials/keychain';

/** Profile commands need only the profile file and the keychain, not the journal. */
function openProfileContext() {
  const profiles = openProfileStore(dataHome());
  if (profiles.warning) process.stderr.write(`feed-desk: warning: ${profiles.warning}\n`);
  return { profiles, credentials: () => createCredentialStore() };
}
import { CliFailure, printJson, readStdin } from '../output';

async function readSecret(): Promise<string> {
  const fromEnv = process.env.FEED_DESK_CLIENT_SECRET;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    throw new CliFailure('Pipe the client secret on standard input or set FEED_DESK_CLIENT_SECRET');
  }
  const secret = (await readStdin()).replace(/\r?\n$/, '');
  if (!secret) throw new CliFailure('The client secret read from standard input is empty');
  return secret;
}

/** `feed-desk profiles list|add|remove|use`: connection profiles, secrets only in the keychain. */
export function registerProfiles(program: Command): void {
  const profiles = program.command('profiles').description('Connection profiles');

  profiles
    .command('list', { isDefault: true })
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const ctx = openProfileContext();
      const active = ctx.profiles.active().name;
      const rows = ctx.profiles.list().map((p) => ({
        name: p.name,
        baseUrl: p.name === SANDBOX_PROFILE ? 'built-in sandbox' : p.baseUrl,
        active: p.name === active,
      }));
      if (opts.json) return printJson(rows);
      for (const r of rows) process.stdout.write(`${r.active ? '*' : ' '} ${r.name}\t${r.baseUrl}\n`);
    });

  profiles
    .command('add')
    .argument('<name>')
    .requiredOption('--base-url <url>', 'https URL of the service (http only for loopback)')
    .requiredOption('--client-id <id>', 'OAuth client id')
    .option('--date-format <format>', 'wire date format: YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY')
    .description('Add or update a profile; the client secret is read from stdin or FEED_DESK_CLIENT_SECRET')
    .action(async (name: string, opts: { baseUrl: string; clientId: string; dateFormat?: DateFormat }) => {
      if (name === SANDBOX_PROFILE) throw new CliFailure('The Sandbox profile is built in and cannot be replaced');
      const ctx = openProfileContext();
      const existing = ctx.profiles.get(name);
      const parsed = profileSchema.safeParse({
        ...existing,
        name,
        baseUrl: opts.baseUrl,
        ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
      });
      if (!parsed.success) {
        throw new CliFailure(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      }
      const secret = await readSecret();
      await ctx.credentials().save(name, { clientId: opts.clientId, clientSecret: secret });
      ctx.profiles.put(parsed.data);
      process.stdout.write(`saved profile ${name} (credentials in the OS keychain)\n`);
    });

  profiles
    .command('remove')
    .argument('<name>')
    .action(async (name: string) => {
      const ctx = openProfileContext();
      ctx.profiles.remove(name);
      await ctx.credentials().delete(name);
      process.stdout.write(`removed profile ${name}\n`);
    });

  profiles
    .command('use')
    .argument('<name>')
    .description('Make a profile the default for later commands')
    .action((name: string) => {
      openProfileContext().profiles.setActive(name);
      process.stdout.write(`now using profile ${name}\n`);
    });
}
