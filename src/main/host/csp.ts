/**
 * The production Content-Security-Policy: everything from our own origin,
 * nothing inline, no plugins, no framing. The Electron shell and the headless
 * host send the same one. (CSP3 `'self'` also covers same-origin `ws:`, which
 * the host's WebSocket relies on.)
 */
export const PRODUCTION_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy with more places a page may open a socket to (`ws://host:port`): the phones' page, which may have to
 * find its night on the laptop that took it over (docs/group-lan.md "What follows a takeover").
 */
export function cspConnectingTo(sources: readonly string[]): string {
  if (sources.length === 0) return PRODUCTION_CSP;
  return PRODUCTION_CSP.replace("connect-src 'self'", `connect-src 'self' ${sources.join(' ')}`);
}
