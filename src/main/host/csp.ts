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
