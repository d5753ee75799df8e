import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  ApiResult,
  AppView,
  CommandArgs,
  CommandMethods,
  CommandName,
  DataOf,
  DealerApi,
  PlayerView,
  RosterPlayer,
} from '../../../shared';
import { keepUnchanged } from '../lib/keepUnchanged';
import { phoneName as cutForPhone, phoneNamesAmong } from '../lib/nameWidth';
import { fallbackColour, initialsFrom } from '../lib/players';
import type { ConnectionStatus, DealerConnection } from '../api';

/**
 * The AppView main pushes after every change, and the one way to ask main for
 * anything. Everything the screens show comes from here: no rules and no chip
 * counts are computed in the renderer.
 */
export const useViewStore = defineStore('view', () => {
  const view = shallowRef<AppView | null>(null);
  const connection = ref<ConnectionStatus>('connecting');
  /**
   * The commands on their way, each until its answer (main pushes the new
   * view before that answer). Counted, not a flag: a language switched while a
   * bet is on its way answers first, and must not say the bet was answered.
   */
  const inFlight = shallowRef<ReadonlySet<Promise<unknown>>>(new Set());
  /** A command is on its way: a second Enter must not send it twice. */
  const busy = computed(() => inFlight.value.size > 0);
  /** Why the first view could not be had (refused by main, or failed): shown instead of a blank page. */
  const startFailure = ref<string | null>(null);
  let api: DealerApi | null = null;

  const night = computed(() => view.value?.night ?? null);
  const phase = computed(() => night.value?.phase ?? 'lobby');
  const playersById = computed(() => new Map((night.value?.players ?? []).map((p) => [p.id, p] as const)));
  const rosterById = computed(() => new Map((view.value?.roster ?? []).map((p) => [p.id, p] as const)));
  const tableScreen = computed(() => view.value?.tableScreen ?? { kind: 'live' as const });
  /** Which who-pays-whom list both screens show: main's, so the console and the TV never disagree. */
  const settleMode = computed(() => view.value?.settleMode ?? 'fewest');

  function rosterPlayer(id: string | null | undefined): RosterPlayer | null {
    return id ? (rosterById.value.get(id) ?? null) : null;
  }

  /** The player's colour from the roster; a stable stand-in for an id it does not know. */
  function colourOf(id: string): string {
    return rosterById.value.get(id)?.colour ?? fallbackColour(id);
  }

  function initialsOf(id: string): string {
    return rosterById.value.get(id)?.initials || initialsFrom(nameOf(id));
  }

  function player(id: string | null | undefined): PlayerView | null {
    return id ? (playersById.value.get(id) ?? null) : null;
  }

  function nameOf(id: string | null | undefined): string {
    if (!id) return '';
    return playersById.value.get(id)?.name ?? rosterById.value.get(id)?.name ?? id;
  }

  /** The table's names (the roster's, then tonight's players') as JSON: a string, so a view that changes no name changes nothing here. */
  const tableNames = computed(() => JSON.stringify([...(view.value?.roster ?? []), ...(night.value?.players ?? [])].map((p) => p.name)));
  /** Every name of the table as the phone writes it, two alike once cut told apart (phoneNamesAmong); made again only when a name changes. */
  const phoneNames = computed(() => phoneNamesAmong(JSON.parse(tableNames.value) as string[]));

  /** A name as the phone writes it (a name from elsewhere, the bank's, cut as phoneName does); the TV writes names whole. */
  function phoneName(name: string): string {
    return phoneNames.value.get(name) ?? cutForPhone(name);
  }

  function phoneNameOf(id: string | null | undefined): string {
    return phoneName(nameOf(id));
  }

  /**
   * Views main pushed (something changed), counted apart from the views that
   * come with answers: a screen that asks again when something changes
   * watches this, or its own questions' answers would make it ask forever.
   */
  const pushes = ref(0);

  /** Told of each new view just before the screens change for it (beforeNewView). */
  const beforeNewViewListeners = new Set<(next: AppView, current: AppView | null) => void>();

  /**
   * Calls `listener` with each new view and the one still shown, before Vue
   * updates the screens: the page is still laid out as it was, so what the
   * listener does to the DOM (a focus given up) costs no layout in the middle
   * of the update. Returns the unsubscribe.
   */
  function beforeNewView(listener: (next: AppView, current: AppView | null) => void): () => void {
    beforeNewViewListeners.add(listener);
    return () => {
      beforeNewViewListeners.delete(listener);
    };
  }

  /**
   * Keeps the newest view: a push and a reply may arrive in either order (the
   * second of the two, the same view, changes nothing). What did not change
   * keeps its objects, so only what shows a change is redrawn.
   */
  function accept(next: AppView): void {
    const current = view.value?.night;
    if (current && next.night && current.id === next.night.id && next.night.stateId < current.stateId) return;
    const kept = keepUnchanged(view.value, next);
    if (kept === view.value) return;
    for (const listener of beforeNewViewListeners) listener(kept, view.value);
    view.value = kept;
  }

  async function connect(dealer: DealerConnection): Promise<void> {
    api = dealer.api;
    connection.value = dealer.status();
    dealer.onStatus((status) => (connection.value = status));
    dealer.api.onView((next) => {
      pushes.value++;
      accept(next);
    });
    try {
      accept(await dealer.api.getView());
    } catch (error) {
      startFailure.value = error instanceof Error ? error.message : String(error);
    }
  }

  /**
   * Sends a command. Resolves with main's answer; a request that got no answer
   * (connection lost) rejects, and the caller words it.
   */
  async function run<K extends CommandName>(command: K, args: CommandArgs<K>): Promise<ApiResult<DataOf<K>>> {
    if (!api) throw new Error('not connected');
    // Every bridge is the registry's methods (api.ts checks DealerApi against CommandMethods), each typed by its command.
    const methods: CommandMethods = api;
    const answer = methods[command](args);
    const settled = answer.catch(() => undefined);
    inFlight.value = new Set([...inFlight.value, settled]);
    try {
      const result = await answer;
      if (result.ok) accept(result.view);
      return result;
    } finally {
      const rest = new Set(inFlight.value);
      rest.delete(settled);
      inFlight.value = rest;
    }
  }

  /** Resolves once no command is on its way (one sent meanwhile is waited for too). */
  async function whenAnswered(): Promise<void> {
    while (inFlight.value.size > 0) await Promise.all(inFlight.value);
  }

  function toggleFullScreen(): Promise<void> {
    return api ? api.toggleFullScreen() : Promise.resolve();
  }

  /** Reopen and focus the table window (a new tab in a browser). */
  function openTableWindow(): Promise<void> {
    return api ? api.openTableWindow() : Promise.resolve();
  }

  return {
    view,
    pushes,
    connection,
    busy,
    whenAnswered,
    startFailure,
    night,
    phase,
    tableScreen,
    settleMode,
    player,
    rosterPlayer,
    nameOf,
    phoneName,
    phoneNameOf,
    colourOf,
    initialsOf,
    accept,
    beforeNewView,
    connect,
    run,
    toggleFullScreen,
    openTableWindow,
  };
});
