import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@shared/ipc/contract';
import { isTrustedSender, registerIpc, type IpcSender } from '@main/ipc/register';

/** Our window as the sender check sees it: its top frame showing the app. */
function appWindow(url = 'app://feed-desk/index.html') {
  const mainFrame = { url };
  return { mainFrame };
}

const ours = appWindow();
const window = () => ours;
const fromOurTopFrame: IpcSender = { sender: ours, senderFrame: ours.mainFrame };

/** Each a call that must be refused, and why. */
const UNTRUSTED: Array<[string, IpcSender, () => object | undefined]> = [
  ...[
    'app://feed-desk.evil/index.html',
    'app://feed-desk@evil/',
    'app://feed-desk:8080/index.html',
    'https://evil.example/',
    'file:///etc/passwd',
    'about:blank',
  ].map((url): [string, IpcSender, () => object] => {
    // Our own window whose top frame shows another origin.
    const navigated = appWindow(url);
    return [
      `our window's top frame on ${url}`,
      { sender: navigated, senderFrame: navigated.mainFrame },
      () => navigated,
    ];
  }),
  [
    'a subframe of our window, even on our origin',
    { sender: ours, senderFrame: { url: 'app://feed-desk/index.html' } },
    window,
  ],
  [
    'a subframe of our window on another origin',
    { sender: ours, senderFrame: { url: 'https://evil.example/' } },
    window,
  ],
  [
    'another window on our origin',
    (() => {
      const other = appWindow();
      return { sender: other, senderFrame: other.mainFrame };
    })(),
    window,
  ],
  ['a frame that is gone (senderFrame null)', { sender: ours, senderFrame: null }, window],
  ['any sender before our window exists', fromOurTopFrame, () => undefined],
];

describe('isTrustedSender', () => {
  it("accepts our own window's top frame on our origin", () => {
    expect(isTrustedSender(fromOurTopFrame, window)).toBe(true);
  });

  it.each(UNTRUSTED)('refuses %s', (_label, event, currentWindow) => {
    expect(isTrustedSender(event, currentWindow)).toBe(false);
  });
});

describe('registerIpc with the real sender check', () => {
  it('answers forbidden to every untrusted caller on every channel before any handler runs', async () => {
    const registered = new Map<string, (event: IpcSender, request: unknown) => Promise<unknown> | unknown>();
    const dispatched: string[] = [];
    let currentWindow: () => object | undefined = window;
    registerIpc(
      { handle: (channel: string, fn: never) => registered.set(channel, fn) } as never,
      async (channel) => {
        dispatched.push(channel);
        return { ok: true, data: {} };
      },
      (event) => isTrustedSender(event, () => currentWindow()),
    );
    expect([...registered.keys()]).toEqual([...CHANNELS]);
    for (const [channel, handle] of registered) {
      for (const [label, event, windowThen] of UNTRUSTED) {
        currentWindow = windowThen;
        expect(await handle(event, {}), `${channel} from ${label}`).toMatchObject({
          ok: false,
          error: { code: 'forbidden' },
        });
      }
    }
    expect(dispatched).toEqual([]);
    currentWindow = window;
    for (const handle of registered.values()) await handle(fromOurTopFrame, {});
    expect(dispatched).toEqual([...CHANNELS]);
  });
});
