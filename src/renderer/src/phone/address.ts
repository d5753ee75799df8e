import { WIRE_TOKEN_PARAM } from '../../../shared/wire';

/**
 * The page's address without its viewer token (path, other parameters and
 * hash kept), or null when it holds none: the token stays out of the address
 * bar, the history and anything shared from it once the page has it.
 */
export function addressWithoutToken(href: string): string | null {
  const address = new URL(href);
  if (!address.searchParams.has(WIRE_TOKEN_PARAM)) return null;
  address.searchParams.delete(WIRE_TOKEN_PARAM);
  return `${address.pathname}${address.search}${address.hash}`;
}
