import type { Command } from 'commander';
import { registerProfilesSet } from './profiles-set';
import { SANDBOX_PROFILE, DATE_FORMATS, profileSchema, type DateFormat } from '@shared/profile/schema';
import { baseUrlProblem } from '@shared/profile/base-url';
import { removeProfile, saveProfile } from '../../main/core/profile-actions';
import { withContext, withProfiles, unknownProfile, type CliContext } from '../context';
import { CliFailure, EXIT, printJson, readStdin } from '../output';
import { oneOf, text } from '../options';
import { testConnection, testedLine } from '../connection-test';

/**
 * The client secret: FEED_DESK_CLIENT_SECRET when FEED_DESK_PROFILE names this profile (so an
 * unattended job's secret is never stored for another profile), else standard input.
 */
async function readSecret(name: string): Promise<string> {
  const fromEnv = process.env.FEED_DESK_CLIENT_SECRET;
  if (fromEnv && process.env.FEED_DESK_PROFILE === name) return fromEnv;
  const envNote = fromEnv ? ' (FEED_DESK_CLIENT_SECRET applies only when FEED_DESK_PROFILE names this profile)' : '';
  if (process.stdin.isTTY) {
    throw new CliFailure(`Pipe the client secret on standard input${envNote}`);
  }
  const secret = (await readStdin('The client secret on standard input', 64 * 1024)).replace(/\r?\n$/, '');
  if (!secret) throw new CliFailure(`The client secret read from standard input is empty${envNote}`);
  return secret;
}

function knownProfile(ctx: CliContext, name: string) {
  const profile = ctx.core.profiles.get(name);
  if (!profile) throw unknownProfile(name);
  return profile;
}

interface AddOptions {
  baseUrl: string;
  clientId: string;
  dateFormat?: DateFormat;
  test?: boolean;
  json?: boolean;
}

/** `feed-desk profiles list|add|test|remove|use`: connection profiles, secrets only in the keychain. */
export function registerProfiles(program: Command): void {
  const profiles = program
    .command('profiles')
    .description('Connection profiles (`profiles` alone lists them); secrets live only in the OS keychain');

  profiles
    .command('list', { isDefault: true })
    .description('List the profiles; * marks the active one (the default for later commands)')
    .option('--json', 'print JSON: name, baseUrl, active')
    .action((opts: { json?: boolean }) =>
      // Only the profiles file: listing needs neither the journal nor the service.
      withProfiles((profiles) => {
        const active = profiles.active().name;
        const rows = profiles.list().map((p) => ({
          name: p.name,
          baseUrl: p.name === SANDBOX_PROFILE ? 'built-in sandbox' : p.baseUrl,
          active: p.name === active,
        }));
        if (opts.json) return printJson(rows);
        for (const r of rows) process.stdout.write(`${r.active ? '*' : ' '} ${r.name}\t${r.baseUrl}\n`);
      }),
    );

  profiles
    .command('add')
    .description(
      'Add or update a profile; the client secret is read from stdin (or FEED_DESK_CLIENT_SECRET when FEED_DESK_PROFILE names this profile)',
    )
    .argument('<name>', 'profile name: letters, digits, spaces, dot, dash or underscore, at most 60')
    .requiredOption('--base-url <url>', 'https URL of the service (http only for loopback)')
    .requiredOption('--client-id <id>', 'OAuth client id', text('--client-id', 1000))
    .option(
      '--date-format <format>',
      `wire date format: ${DATE_FORMATS.join(', ')}`,
      oneOf('--date-format', DATE_FORMATS),
    )
    .option('--test', 'then get an access token with the new credentials (as `profiles test`); exit 1 if that fails')
    .option('--json', 'print one JSON object')
    .action((name: string, opts: AddOptions) =>
      withContext(async (ctx) => {
        if (name === SANDBOX_PROFILE) throw new CliFailure('The Sandbox profile is built in and cannot be replaced');
        const problem = baseUrlProblem(opts.baseUrl.trim());
        if (problem) throw new CliFailure(`--base-url: ${problem}`);
        const existing = ctx.core.profiles.get(name);
        const parsed = profileSchema.safeParse({
          ...existing,
          name,
          baseUrl: opts.baseUrl,
          ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
        });
        if (!parsed.success) {
          throw new CliFailure(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        }
        const secret = await readSecret(name);
        const keychain = await ctx.core.credentials.availability();
        if (!keychain.available) throw new CliFailure(keychain.message, { code: 'keychain', exitCode: EXIT.other });
        const stored = await saveProfile(ctx.core, parsed.data);
        await ctx.core.credentials.save(stored, { clientId: opts.clientId, clientSecret: secret });
        // What waited for this profile's credentials is due again (sent by `outbox drain` or the app).
        const waiting = await ctx.core.journal.retryWaiting(stored.name);
        ctx.core.connections.forget(stored.name);
        const tested = opts.test ? await testConnection(ctx, stored).catch((err: unknown) => err as Error) : undefined;
        if (tested instanceof CliFailure) {
          throw new CliFailure(`Saved profile ${name}, but the test failed: ${tested.message}`, {
            code: tested.code,
            exitCode: EXIT.other,
            details: { saved: true },
          });
        }
        if (tested instanceof Error) throw tested;
        if (opts.json) {
          return printJson({ ok: true, profile: name, saved: true, waiting, tested: tested ? tested.ms : null });
        }
        process.stdout.write(`saved profile ${name} (credentials in the OS keychain)\n`);
        if (waiting > 0) {
          process.stdout.write(
            `${waiting} submission(s) that waited for its credentials are due again: \`feed-desk outbox drain\` sends them\n`,
          );
        }
        if (tested) process.stdout.write(testedLine(tested) + '\n');
      }),
    );

  registerProfilesSet(profiles);

  profiles
    .command('test')
    .description(
      "Get an access token with a profile's credentials, sending no entry: says plainly whether they work (exit 0) or not (exit 1)",
    )
    .argument('[name]', 'profile to test (default: FEED_DESK_PROFILE, else the active one)')
    .option('--json', 'print one JSON object')
    .action((name: string | undefined, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const profile = ctx.profile(name);
        const tested = await testConnection(ctx, profile);
        if (opts.json) printJson({ ok: true, profile: tested.profile, base_url: tested.baseUrl, ms: tested.ms });
        else process.stdout.write(testedLine(tested) + '\n');
      }),
    );

  profiles
    .command('remove')
    .description('Remove a profile and its keychain item; refused while it has submissions to send or decide')
    .argument('<name>', 'profile to remove')
    .option('--json', 'print one JSON object')
    .action((name: string, opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        knownProfile(ctx, name);
        await removeProfile(ctx.core, name);
        if (opts.json) printJson({ ok: true, removed: name });
        else process.stdout.write(`removed profile ${name}\n`);
      }),
    );

  profiles
    .command('use')
    .description('Make a profile the active one: the default for later commands (FEED_DESK_PROFILE overrides it)')
    .argument('<name>', 'profile to use')
    .option('--json', 'print one JSON object')
    .action((name: string, opts: { json?: boolean }) =>
      withContext((ctx) => {
        knownProfile(ctx, name);
        ctx.core.profiles.setActive(name);
        if (opts.json) printJson({ ok: true, active: name });
        else process.stdout.write(`now using profile ${name}\n`);
      }),
    );
}
