/**
 * IPC channel names. Tiny and dependency-free on purpose: the sandboxed
 * preload bundles this file and cannot load zod (DESIGN.md).
 */
export const CHANNEL_PREFIX = 'dealer:';

export const COMMAND_NAMES = [
  'startNight',
  'drawForDealer',
  'cut',
  'deal',
  'callAce',
  'bet',
  'buyIn',
  'cashOut',
  'undo',
  'correctBet',
  'voidTurn',
  'endNight',
  'closeNight',
  'updatePlayer',
  'listNights',
  'getNight',
  'getStandings',
  'verifyNight',
  'exportNight',
  'backup',
  'restore',
  'showOnTable',
] as const;

export const CHANNELS = {
  getView: `${CHANNEL_PREFIX}getView`,
  /** main -> renderer: the new AppView after every change. */
  view: `${CHANNEL_PREFIX}view`,
  /** renderer -> main: toggle full screen of the sender's window. */
  toggleFullScreen: `${CHANNEL_PREFIX}toggleFullScreen`,
} as const;

export function commandChannel(name: (typeof COMMAND_NAMES)[number]): string {
  return `${CHANNEL_PREFIX}command:${name}`;
}
