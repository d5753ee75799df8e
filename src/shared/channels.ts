import type { CommandName } from './registry';

/**
 * IPC channel names. Tiny and dependency-free on purpose: the sandboxed
 * preload bundles this file and cannot load zod (docs/design.md).
 */
const CHANNEL_PREFIX = 'dealer:';

export const CHANNELS = {
  getView: `${CHANNEL_PREFIX}getView`,
  /** main -> renderer: the new AppView after every change, and its number (PushedViewAnswer in api.ts). */
  view: `${CHANNEL_PREFIX}view`,
  /** renderer -> main: toggle full screen of the sender's window. */
  toggleFullScreen: `${CHANNEL_PREFIX}toggleFullScreen`,
  /** console -> main: reopen the table window if it was closed, and bring it to the front. */
  openTableWindow: `${CHANNEL_PREFIX}openTableWindow`,
} as const;

export function commandChannel(name: CommandName): string {
  return `${CHANNEL_PREFIX}command:${name}`;
}
