import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { buildProgram } from '../../../electron/cli/program';
import { runCli } from '@test/support/cli';

/** Every command below the program, with its path ("journal show"); commander's own `help` left out. */
function commands(root: Command): Array<{ path: string; command: Command }> {
  const found: Array<{ path: string; command: Command }> = [];
  const walk = (cmd: Command, prefix: string) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      const path = `${prefix}${sub.name()}`;
      found.push({ path, command: sub });
      walk(sub, `${path} `);
    }
  };
  walk(root, '');
  return found;
}

const all = commands(buildProgram());
/** Commands a person types: all but groups that only hold others (`profiles`, `outbox` list by default). */
const typed = all.filter(({ command: c }) => !(c.commands.length > 0 && c.options.length === 0));

/** The command line's page (docs/command-line.md), its "The command line" section. */
function readmeSection(): string {
  const text = readFileSync('docs/command-line.md', 'utf8');
  const start = text.indexOf('## The command line');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/** The docs table row documenting a command: its first cell starts with the command's path. */
function readmeRow(section: string, path: string, command: Command): string | undefined {
  const subs = new Set(command.commands.map((c) => c.name()));
  return section.split('\n').find((line) => {
    const cell = /^\| `([^`]+)`/.exec(line)?.[1];
    if (!cell || !(cell === path || cell.startsWith(`${path} `))) return false;
    const next = cell.slice(path.length).trim().split(/\s+/)[0] ?? '';
    return !subs.has(next);
  });
}

describe('feed-desk --help and docs/command-line.md', () => {
  it('knows the commands a newcomer looks for', () => {
    const paths = all.map((c) => c.path);
    for (const p of ['submit', 'journal', 'journal show', 'outbox list', 'outbox drain', 'resolve', 'profiles list']) {
      expect(paths).toContain(p);
    }
    expect(paths).toEqual(expect.arrayContaining(['profiles add', 'profiles test', 'profiles remove', 'sandbox']));
  });

  it.each(all.map((c) => [c.path, c.command] as const))('describes `%s`, its arguments and options', (_, cmd) => {
    expect(cmd.description(), 'command description').not.toBe('');
    for (const arg of cmd.registeredArguments) expect(arg.description, `argument ${arg.name()}`).not.toBe('');
    for (const option of cmd.options) expect(option.description, `option ${option.flags}`).not.toBe('');
  });

  it.each(typed.map((c) => [c.path, c.command] as const))(
    'documents `%s` and every option of it in docs/command-line.md',
    (path, cmd) => {
      const row = readmeRow(readmeSection(), path, cmd);
      expect(row, `docs row for ${path}`).toBeDefined();
      for (const option of cmd.options) expect(row, `${path} ${option.long}`).toContain(option.long);
    },
  );

  it('says in docs/command-line.md that the sandbox and submit share one FEED_DESK_HOME, and who the environment credentials are for', () => {
    const section = readmeSection();
    expect(section).toMatch(/same `FEED_DESK_HOME`/);
    expect(section).toMatch(/FEED_DESK_CLIENT_ID.*FEED_DESK_PROFILE/s);
    expect(section).toMatch(/never the Sandbox profile/);
  });

  it('prints the descriptions with --help (the real CLI)', async () => {
    const run = await runCli(['resolve', '--help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Record a person's decision/);
    expect(run.stdout).toMatch(/--resend\s+send it again/);
    const outbox = await runCli(['outbox', 'list', '--help'], {});
    expect(outbox.stdout).toMatch(/List what is queued/);
  });
});
