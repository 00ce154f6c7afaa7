/** True for loopback host names: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Ports the HTTP client (undici's fetch, like every browser) refuses to connect to: the WHATWG
 * Fetch "bad ports" (https://fetch.spec.whatwg.org/#bad-port), plus 0, which no service listens on.
 */
export const REFUSED_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Why a base URL cannot be used, in plain words; undefined when it can. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full URL, e.g. https://feed.example.com';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return 'Base URL must be https (http only for 127.x, ::1 or localhost)';
  }
  if (url.username || url.password || url.search || url.hash) {
    return 'Base URL must not hold a user name, password, query or fragment';
  }
  if (url.port !== '' && REFUSED_PORTS.has(Number(url.port))) {
    return `Port ${url.port} is one the HTTP client refuses to connect to (it is reserved for other protocols); use the service's own port`;
  }
  return undefined;
}

/** Base URLs must be https, except loopback which may be http; no credentials, query or fragment; no refused port. */
export function isAllowedBaseUrl(value: string): boolean {
  return baseUrlProblem(value) === undefined;
}

/** Joins a base URL and an absolute service path without doubling slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}
