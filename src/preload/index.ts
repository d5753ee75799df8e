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
import type { ApiResult, DealerApi } from '../shared/api';
import { CHANNELS, commandChannel } from '../shared/channels';
import type { CommandArgs, CommandName } from '../shared/commands';
import type { AppView } from '../shared/view';

function send<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<ApiResult> {
  return ipcRenderer.invoke(commandChannel(name), args) as Promise<ApiResult>;
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
