import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ROLES, type Role } from '../../shared';

/**
 * Who may open what on the headless host (docs/design.md "Two windows, four
 * roles"). On loopback the host trusts this computer and needs no token;
 * beyond it there are two: the host token (the console: every command of the
 * `host` role) and the viewer token (the TV and phones: read only). A page asks for its role
 * in the socket URL (wire.ts); a token never grants more than it is for.
 */
export interface AccessTokens {
  /** Opens the console: every command of the `host` role. */
  host: string;
  /** Opens the table or a phone: read only. */
  viewer: string;
}

/** Two fresh tokens for one run of the host (never stored: a restart makes new links). */
export function generateAccessTokens(): AccessTokens {
  const host = randomBytes(24).toString('base64url');
  let viewer = randomBytes(24).toString('base64url');
  while (viewer === host) viewer = randomBytes(24).toString('base64url');
  return { host, viewer };
}

/** Constant-time comparison, so a wrong guess says nothing about how close it was. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `peer`: a paired laptop's key, or the pairing code shown now, on the group's own listener (docs/group-lan.md).
 * `tv`: the TV link's token of a night taken over from another laptop (R35, docs/group-lan.md "What follows a
 * takeover"): it opens the table and nothing else.
 */
export type Credential = 'trusted' | 'host' | 'viewer' | 'tv' | 'peer' | null;

/** What a token (or none, where none is needed) is worth: null when it opens nothing. */
export function credentialOf(tokens: AccessTokens | null, given: string | null | undefined): Credential {
  if (!tokens) return 'trusted';
  if (sameSecret(given, tokens.host)) return 'host';
  if (sameSecret(given, tokens.viewer)) return 'viewer';
  return null;
}

export type RoleGrant = { ok: true; role: Role } | { ok: false; status: 400 | 401 | 403 };

/**
 * The role a socket gets: the one its page asked for (`host` when it names
 * none), except that a viewer token never grants `host`: a console opened
 * with it becomes a `phone` and can only watch. `peer` is a paired laptop's
 * alone, and a paired laptop's key grants nothing else: no console, no
 * phone, nothing a group listener does not serve. A followed TV's token (`tv`) opens the table only: the TV only
 * ever reads, and a page asking for another role with it (a phone, the console) is refused.
 */
export function grantRole(credential: Credential, requested: string | null): RoleGrant {
  if (credential === null) return { ok: false, status: 401 };
  const asked = requested ?? (credential === 'peer' ? 'peer' : 'host');
  if (!(ROLES as readonly string[]).includes(asked)) return { ok: false, status: 400 };
  if ((credential === 'peer') !== (asked === 'peer')) return { ok: false, status: 403 };
  const role = asked as Role;
  if (credential === 'tv') return role === 'table' ? { ok: true, role } : { ok: false, status: 403 };
  if (credential === 'viewer' && role === 'host') return { ok: true, role: 'phone' };
  return { ok: true, role };
}

/** A cookie the request carries (the phones' page keeps its viewer token in one), or null. */
export function cookieValue(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}
