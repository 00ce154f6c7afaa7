// The address of the update feed an office publishes its installers to (electron-builder's generic
// provider: `latest.yml`, `latest-linux.yml`, `latest-mac.yml` beside the installers).

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why an update feed's address is refused, in one sentence; undefined when it is fine. Only HTTPS
 * (plain http on this computer alone, for a feed being tried out): an update is code the desk runs.
 */
export function feedAddressProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return `"${address}" is not a web address: enter the update feed's address, such as https://updates.example.com/feed-desk/.`;
  }
  if (url.username || url.password)
    return 'The update feed\u2019s address may not hold a user name or password: publish the feed where desks can read it.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return `The update feed must be served over HTTPS (${url.protocol.replace(':', '')} was given): an update is code every desk runs, so nothing is fetched from it.`;
}
