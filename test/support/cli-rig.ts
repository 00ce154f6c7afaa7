// The set-up the command-line tests share: a sandbox (Feed Service test server) for the test file,
// throwaway FEED_DESK_HOME folders pointed at it, and running the real CLI on one of them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeSandboxLink } from '@main/core/sandbox-link';
import { officeInit } from '@main/journal/office/office-init';
import { addUser, type OfficeRole } from '@main/journal/office/roles';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/server';
import { runCli, type CliRun } from './cli';
import { tempHome } from './core';
import { startPostgres, type TestPostgres } from './postgres';

/** No credentials or profile from the environment the tests run in: the CLI uses the data folder's. */
export const CLEAN_ENV = { FEED_DESK_CLIENT_ID: '', FEED_DESK_CLIENT_SECRET: '', FEED_DESK_PROFILE: '' } as const;

/** What a data folder's profiles.json holds. */
export interface ProfilesFile {
  active: string;
  profiles: Array<{ name: string; baseUrl: string }>;
}

/** Writes a data folder's profiles.json. */
export function writeProfiles(home: string, file: ProfilesFile): void {
  writeFileSync(join(home, 'profiles.json'), JSON.stringify({ version: 1, ...file }));
}

/** A throwaway data folder and the environment the CLI runs in on it. */
export interface CliHome {
  home: string;
  /** CLEAN_ENV, FEED_DESK_HOME, the folder's own variables, then `extra`. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Runs the real CLI on this folder (see runCli), with `extra` variables on top of env(). */
  run(args: string[], extra?: NodeJS.ProcessEnv, input?: string | Buffer[]): Promise<CliRun>;
}

export interface CliHomeOptions {
  /** Start of the temporary folder's name. */
  prefix?: string;
  /** Where a sandbox listens: written as the folder's sandbox link, so its Sandbox profile uses it. */
  sandboxUrl?: string;
  /** Variables every run on the folder gets (after CLEAN_ENV). */
  env?: NodeJS.ProcessEnv;
  /** A profiles.json to write in the folder. */
  profiles?: ProfilesFile;
}

/** A new data folder for the CLI. */
export function cliHome(options: CliHomeOptions = {}): CliHome {
  const home = tempHome(options.prefix ?? 'feed-desk-cli-');
  if (options.sandboxUrl) writeSandboxLink(home, options.sandboxUrl);
  if (options.profiles) writeProfiles(home, options.profiles);
  const env = (extra: NodeJS.ProcessEnv = {}) => ({ ...CLEAN_ENV, FEED_DESK_HOME: home, ...options.env, ...extra });
  return { home, env, run: (args, extra, input) => runCli(args, env(extra), input) };
}

/** An office journal on a throwaway PostgreSQL cluster of the test file's own, for the CLI to use. */
export interface CliOfficeOptions {
  /** Keep every acknowledged commit across a crash (for tests that restart the server). */
  durable?: boolean;
  /** The person the CLI signs in as (made in the office's group `role`). */
  user: { user: string; password: string; role: OfficeRole };
}

export interface CliRigOptions extends Omit<CliHomeOptions, 'sandboxUrl'> {
  /** How the sandbox behaves (cancellation names, latency, …). */
  sandbox?: SandboxOptions;
  /**
   * Runs on an office journal instead of this computer's: the `feed_desk` database of a new cluster,
   * office init done, with FEED_DESK_JOURNAL_URL and PGPASSWORD set for the user given.
   */
  office?: CliOfficeOptions;
}

/** The test file's sandbox and data folder (there from beforeAll on), and more folders pointed at the sandbox. */
export interface CliRig extends CliHome {
  readonly sandbox: Sandbox;
  /** The office journal's cluster, with the `office` option. */
  readonly postgres: TestPostgres;
  /** Another new data folder pointed at the sandbox, with the rig's env option unless overridden. */
  freshHome(options?: Omit<CliHomeOptions, 'sandboxUrl'>): CliHome;
}

/**
 * Registers, in the file or describe block it is called in, a beforeAll that starts the sandbox (and
 * the office cluster) and makes the data folder, and an afterAll that stops them.
 */
export function useCliRig(options: CliRigOptions = {}): CliRig {
  let sandbox: Sandbox | undefined;
  let postgres: TestPostgres | undefined;
  let main: CliHome | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The CLI rig has no ${what} (before beforeAll, or not asked for)`);
    return value;
  };
  beforeAll(
    async () => {
      sandbox = await startSandbox(options.sandbox);
      let env = options.env;
      if (options.office) {
        const { user, password, role } = options.office.user;
        postgres = await startPostgres({ durable: options.office.durable ?? false });
        await officeInit(postgres.ownerUrl);
        await addUser(postgres.ownerUrl, user, role, password);
        const url = `postgres://${user}@127.0.0.1:${postgres.port}/feed_desk?sslmode=disable`;
        env = { FEED_DESK_JOURNAL_URL: url, PGPASSWORD: password, ...env };
      }
      main = cliHome({ ...options, env, sandboxUrl: sandbox.url });
    },
    options.office ? 60_000 : undefined,
  );
  afterAll(async () => {
    await sandbox?.close();
    await postgres?.stop();
  });
  return {
    get sandbox() {
      return started(sandbox, 'sandbox');
    },
    get postgres() {
      return started(postgres, 'office cluster (the office option)');
    },
    get home() {
      return started(main, 'data folder').home;
    },
    env: (extra) => started(main, 'data folder').env(extra),
    run: (args, extra, input) => started(main, 'data folder').run(args, extra, input),
    freshHome: (more = {}) =>
      cliHome({ prefix: options.prefix, env: options.env, ...more, sandboxUrl: started(sandbox, 'sandbox').url }),
  };
}
