import type { Command } from 'commander';
import { profileSchema } from '@shared/profile/schema';
import { CANCELLATION_FIELDS } from '@shared/profile/cancellation-fields';
import { saveProfile } from '../../main/core/profile-actions';
import { unknownProfile, withContext } from '../context';
import { CliFailure, printJson } from '../output';
import { collect } from '../options';

interface SetOptions {
  cancellationPath?: string;
  cancellationField?: string[];
  json?: boolean;
}

/** `DEFAULT=WIRE` pairs: a default field renamed on the wire, or left out with an empty WIRE. */
function wireNames(list: readonly string[]): Map<string, string | null> {
  const names = new Map<string, string | null>();
  for (const pair of list) {
    const at = pair.indexOf('=');
    const field = at > 0 ? pair.slice(0, at) : '';
    if (!(CANCELLATION_FIELDS as readonly string[]).includes(field)) {
      throw new CliFailure(
        `--cancellation-field takes DEFAULT=WIRE with DEFAULT one of ${CANCELLATION_FIELDS.join(', ')}; ${pair} is not one`,
      );
    }
    names.set(field, pair.slice(at + 1) || null);
  }
  return names;
}

/** `feed-desk profiles set NAME …`: the cancellation endpoint and its field names on the wire. */
export function registerProfilesSet(profiles: Command): void {
  profiles
    .command('set')
    .description('Set where a profile sends cancellation requests and what the default fields are called on the wire')
    .argument('<name>', 'profile name')
    .option('--cancellation-path <path>', 'the cancellation endpoint, e.g. /v1/feed/createcancellation (empty: none)')
    .option(
      '--cancellation-field <default=wire>',
      'rename a default field on the wire (reason=cancel_reason), or leave it out (reason=); repeatable',
      collect,
    )
    .option('--json', 'print one JSON object')
    .action((name: string, opts: SetOptions) =>
      withContext(async (ctx) => {
        const existing = ctx.core.profiles.get(name);
        if (!existing) throw unknownProfile(name);
        const names = wireNames(opts.cancellationField ?? []);
        const path = opts.cancellationPath === undefined ? existing.cancellation.path : opts.cancellationPath || null;
        const parsed = profileSchema.safeParse({
          ...existing,
          cancellation: {
            path,
            fields: existing.cancellation.fields.map((f) =>
              names.has(f.name) ? { ...f, wire: names.get(f.name) } : f,
            ),
          },
        });
        if (!parsed.success) {
          throw new CliFailure(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        }
        const stored = await saveProfile(ctx.core, parsed.data, name);
        const { total: waiting } = await ctx.core.journal.list({
          kind: 'cancellation',
          profile: name,
          states: ['queued'],
          limit: 1,
        });
        const fields = stored.cancellation.fields.map((f) => ({ name: f.name, wire: f.wire }));
        if (opts.json) return printJson({ ok: true, profile: name, path: stored.cancellation.path, fields, waiting });
        process.stdout.write(
          `profile ${name}: cancellations go to ${stored.cancellation.path ?? '(no path: they wait)'}; ` +
            `fields ${fields.map((f) => (f.wire === null ? `${f.name} left out` : f.wire === f.name ? f.name : `${f.name} as ${f.wire}`)).join(', ')}\n`,
        );
        if (stored.cancellation.path && waiting > 0) {
          process.stdout.write(
            `${waiting} queued cancellation(s) can be sent now: \`feed-desk outbox drain\` sends them\n`,
          );
        }
      }),
    );
}
