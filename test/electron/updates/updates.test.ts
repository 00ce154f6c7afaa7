// Updates against a local HTTPS feed started here (the office's CA signs its certificate), through
// electron-updater's own feed parsing and download verification (its Linux .deb updater, with a
// Node HTTP client instead of Electron's network stack). Installing itself (dpkg) is never run: the
// updater's quitAndInstall is replaced by a recorder, and what is tested is when it is called.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebUpdater, type AppUpdater } from 'electron-updater';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feedAddressProblem } from '@main/updates/feed-address';
import { NodeHttp } from '@main/updates/node-http';
import { Updates, type UpdateHost } from '@main/updates/updates';
import { makeTestCertificates, type TestCertificates } from '@test/support/test-certificates';

const INSTALLER = 'feed-desk_0.2.0_amd64.deb';
const installer = Buffer.from('a Feed Desk 0.2.0 package, as electron-builder would publish it\n'.repeat(2000));
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** What the feed serves: latest-linux.yml and the installer (its bytes may differ from the checksum). */
let feed: { version: string; served: Buffer; down?: boolean } = { version: '0.2.0', served: installer };
let certs: TestCertificates;
let server: Server;
let base: string;
const dirs: string[] = [];

beforeAll(async () => {
  certs = makeTestCertificates();
  server = createServer({ key: certs.office.key, cert: certs.office.cert }, (req, res) => {
    if (feed.down) return res.writeHead(503).end('down for maintenance');
    const path = new URL(req.url ?? '/', 'https://feed').pathname; // electron-updater adds ?noCache=…
    if (path === '/feed-desk/latest-linux.yml')
      return res
        .writeHead(200, { 'content-type': 'text/yaml' })
        .end(
          [
            `version: ${feed.version}`,
            'files:',
            `  - url: ${INSTALLER}`,
            `    sha512: ${sha512(installer)}`,
            `    size: ${installer.length}`,
            `path: ${INSTALLER}`,
            `sha512: ${sha512(installer)}`,
            "releaseDate: '2026-11-29T10:00:00.000Z'",
          ].join('\n'),
        );
    if (path === `/feed-desk/${INSTALLER}`) return res.writeHead(200).end(feed.served);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/feed-desk/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const dir of [...dirs, certs.dir]) rmSync(dir, { recursive: true, force: true });
});

let installs: number;
/** electron-updater's .deb updater for a desk at `version`, as packaged (app-update.yml beside it). */
function debUpdater(version = '0.1.0'): AppUpdater {
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-update-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'app-update.yml'),
    'provider: generic\nurl: https://unused.invalid/\nupdaterCacheDirName: feed-desk-updater\n',
  );
  const updater = new DebUpdater(null, {
    version,
    name: 'Feed Desk',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: dir,
    baseCachePath: dir,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  // The Node client, trusting the office's CA only (as a desk trusts its system's).
  Object.assign(updater, { httpExecutor: new NodeHttp({ ca: readFileSync(certs.caFile) }) });
  updater.logger = null;
  installs = 0;
  updater.quitAndInstall = () => {
    installs += 1;
  };
  return updater;
}

/** A desk whose outbox is idle, or sending until `finish()` is called. */
function desk(sending = false) {
  let finish = () => undefined as void;
  const drained = new Promise<void>((resolve) => (finish = resolve));
  const host: UpdateHost = {
    busy: async () => (sending ? '3 rows are being sent and batch 7 is running' : undefined),
    drained: () => drained,
  };
  return {
    host,
    finish: () => {
      sending = false;
      finish();
    },
  };
}

afterEach(() => {
  feed = { version: '0.2.0', served: installer };
});

describe('the update feed address', () => {
  it('takes HTTPS, and plain http on this computer only; refuses others in one sentence', () => {
    expect(feedAddressProblem('https://updates.office.example/feed-desk/')).toBeUndefined();
    expect(feedAddressProblem('http://127.0.0.1:8080/feed/')).toBeUndefined();
    expect(feedAddressProblem('http://updates.office.example/feed-desk/')).toMatch(
      /^The update feed must be served over HTTPS \(http was given\)[^.]*\.$/,
    );
    expect(feedAddressProblem('ftp://updates.office.example/')).toMatch(/HTTPS \(ftp was given\)/);
    expect(feedAddressProblem('updates')).toMatch(/is not a web address/);
    expect(feedAddressProblem('https://admin:secret@updates.office.example/')).toMatch(/user name or password/);
  });

  it('a desk with a plain-http feed elsewhere never asks it for anything', async () => {
    const updates = new Updates(debUpdater(), desk().host, 'http://updates.office.example/feed-desk/');
    expect(await updates.check()).toEqual({ kind: 'off', why: expect.stringMatching(/must be served over HTTPS/) });
  });
});

describe('updates from an HTTPS feed', () => {
  it('a newer version is downloaded, verified, and installed on "Restart to update" when nothing is being sent', async () => {
    const updates = new Updates(debUpdater(), desk().host, base);
    expect(await updates.check()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(installs).toBe(0); // downloaded: nothing installs behind the person's back
    expect(await updates.restartToUpdate()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(installs).toBe(1);
  });

  it('a download that does not match the feed\u2019s sha512 is refused and nothing is installed', async () => {
    const tampered = Buffer.from(installer);
    tampered[100] = tampered[100]! ^ 1;
    feed = { version: '0.2.0', served: tampered };
    const updates = new Updates(debUpdater(), desk().host, base);
    expect(await updates.check()).toEqual({
      kind: 'refused',
      why: 'The downloaded update does not match the checksum its feed gives, so it was discarded and nothing is installed.',
    });
    await updates.restartToUpdate();
    expect(installs).toBe(0);
  });

  it('a feed offering a lower version is refused in one sentence', async () => {
    feed = { version: '0.0.9', served: installer };
    const updates = new Updates(debUpdater('0.1.0'), desk().host, base);
    expect(await updates.check()).toEqual({
      kind: 'refused',
      why: "The update feed offers version 0.0.9, not newer than this desk's 0.1.0: nothing is installed.",
    });
    expect(installs).toBe(0);
  });

  it('the same version is no update at all', async () => {
    const updates = new Updates(debUpdater('0.2.0'), desk().host, base);
    expect(await updates.check()).toMatchObject({ kind: 'idle', checkedAt: expect.any(String) });
  });

  it('a feed that is down is said so, and the next check finds the update', async () => {
    feed = { version: '0.2.0', served: installer, down: true };
    const updates = new Updates(debUpdater(), desk().host, base);
    const down = await updates.check();
    expect(down.kind).toBe('refused');
    expect(down.kind === 'refused' && down.why).toMatch(
      /^The update feed at https:\/\/127\.0\.0\.1:\d+\/feed-desk\/ cannot be reached now/,
    );
    feed = { version: '0.2.0', served: installer };
    expect(await updates.check()).toEqual({ kind: 'ready', version: '0.2.0' });
  });

  it('an update arriving mid-batch waits for the outbox to drain, says so, then installs', async () => {
    const { host, finish } = desk(true);
    const updates = new Updates(debUpdater(), host, base);
    expect(await updates.check()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(await updates.restartToUpdate()).toEqual({
      kind: 'waiting',
      version: '0.2.0',
      why: '3 rows are being sent and batch 7 is running: version 0.2.0 installs when they are settled.',
    });
    expect(installs).toBe(0);
    finish();
    await expect.poll(() => installs).toBe(1);
  });

  it('quitting installs the update unless rows are being sent, when it waits for a later quit', async () => {
    const { host, finish } = desk(true);
    const updater = debUpdater();
    const updates = new Updates(updater, host, base);
    expect(await updates.check()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(await updates.installOnQuit()).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updates.current).toMatchObject({
      kind: 'waiting',
      why: expect.stringMatching(/installs at a later quit\.$/),
    });
    finish();
    expect(await updates.installOnQuit()).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true); // electron-updater installs as the app quits
  });

  it('a feed whose certificate the desk does not trust is refused', async () => {
    const updater = debUpdater();
    Object.assign(updater, { httpExecutor: new NodeHttp() }); // the system's CAs only: not the office's test CA
    const updates = new Updates(updater, desk().host, base);
    const refused = await updates.check();
    expect(refused).toEqual({ kind: 'refused', why: expect.stringMatching(/did not prove who it is/) });
    expect(installs).toBe(0);
  });
});
