/**
 * The bridge (DESIGN.md): a sandboxed preload that hands the page one
 * hand-picked object, `window.api`, with one named method per command. The
 * page never sees `ipcRenderer`, an IPC event, or a way to name a channel.
 *
 * This file is bundled into one CommonJS file that requires only `electron`,
 * so from src/shared it imports types and the tiny channels.ts only (a
 * sandboxed preload cannot load zod). Arguments go to main untouched; main
 * checks them against the contract's schemas.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CommandMethods, DealerApi } from '../shared/api';
import { CHANNELS, commandChannel } from '../shared/channels';
import type { CommandArgs, CommandName } from '../shared/commands';
import type { AppView } from '../shared/view';

function send<K extends CommandName>(name: K, args: CommandArgs<K>): ReturnType<CommandMethods[K]> {
  return ipcRenderer.invoke(commandChannel(name), args) as ReturnType<CommandMethods[K]>;
}

const api: DealerApi = {
  /** Open a night: seat the players, give everyone the starting chips and take the ante (R4). */
  startNight: (args) => send('startNight', args),
  /** Deal one card to each seated player to pick the first dealer (R7). */
  drawForDealer: (args) => send('drawForDealer', args),
  /** Cut the committed deck at the position the cutter named (R11). */
  cut: (args) => send('cut', args),
  /** Turn up the two posts for the player to act (R14-R16). */
  deal: (args) => send('deal', args),
  /** Call a first-turned ace low or high (R1, setting `aceLowChoice`). */
  callAce: (args) => send('callAce', args),
  /** Record the bet and turn the third card (R17, R18). */
  bet: (args) => send('bet', args),
  /** Record chips a player buys (R3, R6). */
  buyIn: (args) => send('buyIn', args),
  /** A player leaves early and takes their stack. */
  cashOut: (args) => send('cashOut', args),
  /** Reverse the last recorded buy-in or cash-out (R21). */
  undo: (args) => send('undo', args),
  /** Correct a mistyped bet on the last turn; the cards stand (R21). */
  correctBet: (args) => send('correctBet', args),
  /** Void a misdealt turn; the same player takes a new turn (R21). */
  voidTurn: (args) => send('voidTurn', args),
  /** End the night: split or carry the pot and show the results (R22, R23). */
  endNight: (args) => send('endNight', args),
  /** Dismiss the ended night and return to the lobby. */
  closeNight: (args) => send('closeNight', args),
  /** Rename, recolour, set the initials of, or archive a roster player; past nights keep the name they were played under. */
  updatePlayer: (args) => send('updatePlayer', args),

  /** Every night, newest first: date, players, length, biggest pot, winners (`data`). */
  listNights: (args) => send('listNights', args),
  /** One night in full: every turn, each player's stack after every turn, results and settling up (`data`). */
  getNight: (args) => send('getNight', args),
  /** The leaderboard and the cumulative net per night, filtered by date range and players (`data`). */
  getStandings: (args) => send('getStandings', args),
  /** The fairness check of a night: every retired deck's commitment, shuffle and cut against the cards turned (R9-R12) (`data`). */
  verifyNight: (args) => send('verifyNight', args),
  /** A night as `in-between-night/1` JSON or its chip ledger as CSV, as a file to save (`data`). */
  exportNight: (args) => send('exportNight', args),
  /** Every setting, player and night in one JSON file to save (`data`). */
  backup: (args) => send('backup', args),
  /** Restore a backup: checked completely first, never partial; over existing data only with `replace: true`. */
  restore: (args) => send('restore', args),
  /** Put the live table, the leaderboard or one night on the TV. */
  showOnTable: (args) => send('showOnTable', args),

  /** The current view. */
  getView: () => ipcRenderer.invoke(CHANNELS.getView) as Promise<AppView>,

  /** Called with the new view after every change; returns the unsubscribe. The IPC event is never passed on. */
  onView: (listener) => {
    const relay = (_event: IpcRendererEvent, view: AppView): void => listener(view);
    ipcRenderer.on(CHANNELS.view, relay);
    return () => {
      ipcRenderer.removeListener(CHANNELS.view, relay);
    };
  },

  /** Toggle full screen for the calling window. */
  toggleFullScreen: async () => {
    await ipcRenderer.invoke(CHANNELS.toggleFullScreen);
  },
};

contextBridge.exposeInMainWorld('api', api);
