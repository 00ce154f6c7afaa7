// Updates in place, as an office expects of a desk application: the desk checks the office's
// update feed at start and every few hours, downloads in the background (electron-updater checks
// the download's sha512 against the feed's), and installs only when the person quits or chooses
// "Restart to update" — never while a row is being sent or a batch is running: a pending update
// waits for the outbox to drain, and says so. Nothing here imports Electron: the app hands in
// electron-updater's own updater (electron-shell.ts), the tests one with a Node HTTP client.
import type { AppUpdater } from 'electron-updater';
import { feedAddressProblem } from './feed-address';

/** Why a desk without a feed does not update. */
export const NO_FEED = 'No update feed is set: this desk does not update itself.';

/** How often a running desk looks for an update. */
export const CHECK_EVERY_MS = 4 * 60 * 60_000;

/** What the updater asks of the desk before it installs. */
export interface UpdateHost {
  /** Why an install must wait now (rows being sent, a batch running), or undefined when it need not. */
  busy(): Promise<string | undefined>;
  /** Resolves when the outbox has nothing left to send. */
  drained(): Promise<void>;
}

/** Where updating stands, as Settings › About shows it. */
export type UpdateState =
  | { kind: 'off'; why: string }
  | { kind: 'idle'; checkedAt?: string }
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string }
  | { kind: 'waiting'; version: string; why: string }
  | { kind: 'refused'; why: string };

/** An error of electron-updater as one sentence (no stack, no address with secrets: the feed has none). */
function refusal(error: unknown, feed: string): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/sha512 checksum mismatch|checksum mismatch/i.test(text))
    return 'The downloaded update does not match the checksum its feed gives, so it was discarded and nothing is installed.';
  if (
    /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|socket hang up|^(HttpError: )?(5\d\d|404)\b|HttpError: (5\d\d|404)/i.test(
      text,
    )
  )
    return `The update feed at ${feed} cannot be reached now (${text.split('\n')[0]!.slice(0, 120)}); the desk tries again later.`;
  if (/certificate|self.signed|CERT_/i.test(text))
    return `The update feed at ${feed} did not prove who it is (its HTTPS certificate is not trusted), so nothing is fetched from it.`;
  return `The update could not be fetched: ${text.split('\n')[0]!.slice(0, 200)}`;
}

export class Updates {
  private state: UpdateState;
  private timer: NodeJS.Timeout | undefined;
  private installing = false;

  /**
   * `updater`: electron-updater's (configured here: the generic feed, never a lower version, no
   * install behind the person's back). `feed`: the office's (or this desk's) update feed, if any.
   */
  constructor(
    private readonly updater: AppUpdater,
    private readonly host: UpdateHost,
    private feed: string | undefined,
  ) {
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    updater.allowPrerelease = false;
    this.state = this.follow(feed);
  }

  /** Follows another feed (Settings): nothing downloaded from the earlier one is kept for install. */
  setFeed(feed: string | undefined): UpdateState {
    this.state = this.follow(feed);
    return this.state;
  }

  private follow(feed: string | undefined): UpdateState {
    this.feed = feed;
    const problem = feed === undefined ? NO_FEED : feedAddressProblem(feed);
    if (problem) return { kind: 'off', why: problem };
    this.updater.setFeedURL({ provider: 'generic', url: feed! });
    return { kind: 'idle' };
  }

  get current(): UpdateState {
    return this.state;
  }

  /** Looks for an update and downloads it; answers where updating then stands. */
  async check(): Promise<UpdateState> {
    if (this.state.kind === 'off' || this.state.kind === 'ready' || this.state.kind === 'waiting') return this.state;
    try {
      const found = await this.updater.checkForUpdates();
      if (!found || !found.isUpdateAvailable) {
        const offered = found?.updateInfo.version;
        const running = this.updater.currentVersion.version;
        this.state =
          offered && offered !== running
            ? {
                kind: 'refused',
                why: `The update feed offers version ${offered}, not newer than this desk's ${running}: nothing is installed.`,
              }
            : { kind: 'idle', checkedAt: new Date().toISOString() };
        return this.state;
      }
      const version = found.updateInfo.version;
      this.state = { kind: 'downloading', version };
      await found.downloadPromise;
      this.state = { kind: 'ready', version };
    } catch (error) {
      this.state = { kind: 'refused', why: refusal(error, this.feed!) };
    }
    return this.state;
  }

  /** Checks now and then every CHECK_EVERY_MS (the timer does not keep the process alive). */
  start(everyMs = CHECK_EVERY_MS): void {
    if (this.state.kind === 'off') return;
    void this.check();
    this.timer = setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * "Restart to update" (and quitting with an update downloaded): installs once nothing is being
   * sent. While a row is sending or a batch running, the state says why it waits; the install
   * follows when the outbox drains. Answers the state at once.
   */
  async restartToUpdate(): Promise<UpdateState> {
    if (this.state.kind !== 'ready' && this.state.kind !== 'waiting') return this.state;
    const version = this.state.version;
    const why = await this.host.busy();
    if (!why) {
      this.install();
      return this.state;
    }
    this.state = { kind: 'waiting', version, why: `${why}: version ${version} installs when they are settled.` };
    void this.host.drained().then(() => this.restartToUpdate());
    return this.state;
  }

  /**
   * As the person quits: lets electron-updater install the downloaded update when the app has quit,
   * unless rows are being sent (then it waits for a later quit, and the state says why). True when
   * it will install.
   */
  async installOnQuit(): Promise<boolean> {
    if (this.state.kind !== 'ready' && this.state.kind !== 'waiting') return false;
    const version = this.state.version;
    const why = await this.host.busy();
    if (why) {
      this.state = { kind: 'waiting', version, why: `${why}: version ${version} installs at a later quit.` };
      return false;
    }
    this.updater.autoInstallOnAppQuit = true;
    return true;
  }

  private install(): void {
    if (this.installing) return;
    this.installing = true;
    this.updater.quitAndInstall(false, true);
  }
}
