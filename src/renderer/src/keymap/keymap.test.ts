import { describe, expect, it, vi } from 'vitest';
import en from '../i18n/en';
import { bindingFor, dispatchKey, noFacts } from './dispatch';
import {
  BACKUPS_KEYS,
  CHIP_PANEL_KEYS,
  CONSOLE_KEYS_MAP,
  GROUP_KEYS,
  KEYMAP,
  keyListGroups,
  LOBBY_KEYS,
  MERGE_KEYS,
  NIGHT_DETAIL_KEYS,
  NIGHT_KEYS,
  NIGHTS_LIST_KEYS,
  ROSTER_EDITOR_KEYS,
  type LobbyAction,
} from './keymap';
import type { Chord, Conditions, KeyBinding } from './types';

/** Two chords some key press matches both of. */
function chordsOverlap(a: Chord, b: Chord): boolean {
  if (a.key !== b.key) return false;
  if (a.anyModifiers || b.anyModifiers) return true;
  if ((a.alt ?? false) !== (b.alt ?? false) || (a.ctrl ?? false) !== (b.ctrl ?? false)) return false;
  return a.shift === undefined || b.shift === undefined || a.shift === b.shift;
}

/** Two sets of conditions that can hold at once: none asks one condition true and the other false. */
function conditionsOverlap(a: Conditions = {}, b: Conditions = {}): boolean {
  return Object.entries(a).every(([name, value]) => b[name as keyof Conditions] === undefined || b[name as keyof Conditions] === value);
}

/** Pairs of lines of one screen that claim the same key in overlapping conditions. */
function clashes(keymap: readonly KeyBinding[]): string[] {
  const found: string[] = [];
  keymap.forEach((a, i) =>
    keymap.slice(i + 1).forEach((b) => {
      if (a.screen !== b.screen || a.action === null || b.action === null) return;
      const chord = a.chords.find((ca) => b.chords.some((cb) => chordsOverlap(ca, cb)));
      if (chord && conditionsOverlap(a.when, b.when)) found.push(`${a.screen}: ${chord.key} is ${a.action} and ${b.action}`);
    }),
  );
  return found;
}

const press = (key: string, more: Partial<KeyboardEvent> = {}) =>
  ({
    key,
    code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    repeat: false,
    ...more,
  }) as KeyboardEvent;

/** A spy for each of the lobby's actions. */
function lobbyActions(): Record<LobbyAction, () => boolean | void> {
  return Object.fromEntries(LOBBY_KEYS.map((b) => [b.action, vi.fn()])) as unknown as Record<LobbyAction, () => boolean | void>;
}

describe('the keymap', () => {
  it('no two lines of one screen claim the same key in overlapping conditions', () => {
    expect(clashes(KEYMAP)).toEqual([]);
  });

  it('the clash check finds a key claimed twice (it can fail)', () => {
    const twice: KeyBinding[] = [
      { screen: 'lobby', chords: [{ key: 'h' }], when: { typing: false }, help: null, action: 'history' },
      { screen: 'lobby', chords: [{ key: 'h', shift: true }], when: { onRoster: true }, help: null, action: 'other' },
      { screen: 'lobby', chords: [{ key: 'h' }], when: { typing: true }, help: null, action: 'typed' },
    ];
    expect(clashes(twice)).toEqual(['lobby: h is history and other', 'lobby: h is other and typed']);
  });

  it("the key list (?) is generated from it: each screen lists the lines of its keys, once, in the keymap's order", () => {
    const groups = keyListGroups();
    expect(groups.map((g) => g.heading)).toEqual([
      'keys.lobbyHeading',
      'keys.nightHeading',
      'keys.consoleHeading',
      'keys.panelHeading',
      'keys.endedHeading',
      'keys.tabHeading',
      'keys.historyHeading',
      'keys.rulesHeading',
    ]);
    expect(groups.find((g) => g.screen === 'rules')!.keys).toEqual(['rulesTv', 'rulesClose']);
    expect(groups.find((g) => g.screen === 'panel')!.keys).toEqual(['panelMove', 'panelPayment', 'panelOk', 'panelCancel']);
    expect(groups.find((g) => g.screen === 'tab')!.keys).toEqual(['tabMove', 'tabMark', 'tabTv', 'tabExport', 'tabBack']);
    const lobby = groups.find((g) => g.screen === 'lobby')!.keys;
    expect(lobby).toEqual([...new Set(LOBBY_KEYS.flatMap((b) => (b.help ? [b.help] : [])))]);
    expect(lobby).toEqual([
      'lobbyMove',
      'lobbySeat',
      'lobbyOrder',
      'lobbyRemove',
      'lobbyName',
      'lobbySections',
      'lobbyMoney',
      'lobbyLast',
      'lobbyEdit',
      'lobbyArchive',
      'lobbyShowArchived',
      'lobbyHistory',
      'lobbyReopen',
      'lobbyPayment',
      'tabOpen',
      'lobbyStart',
    ]);
    expect(groups.find((g) => g.screen === 'anywhere')!.keys).toEqual([
      'help',
      'rules',
      'language',
      'languageBack',
      'mute',
      'fourColour',
      'phones',
      'altLetter',
    ]);
    expect(groups.find((g) => g.screen === 'night')!.keys).toEqual([
      'draw',
      'cut',
      'ace',
      'pairCall',
      'bet',
      'largest',
      'pass',
      'clear',
      'buyIn',
      'cashOut',
      'seatNew',
      'movePlayer',
      'sitOut',
      'expenses',
      'undo',
      'end',
      'tabOpen',
      'nightGroup',
    ]);
    expect(groups.find((g) => g.screen === 'ended')!.keys).toEqual([
      'endedClose',
      'endedMode',
      'endedCopy',
      'endedHistory',
      'expenses',
      'reopen',
      'tabOpen',
    ]);
    // The history's parts (the nights list, a night, all time, the backups) are in it too, from their own lines.
    expect(groups.find((g) => g.screen === 'history')!.keys).toEqual([
      'historyNights',
      'historyAllTime',
      'historyBack',
      'historyTv',
      'historyBackup',
      'historyRestore',
      'historyKept',
      'historyGroup',
      'historyOpen',
      'historyEnds',
      'historyFairness',
      'historyJson',
      'historyCsv',
      'historyExpenses',
      'endedMode',
      'endedCopy',
      'historyFilter',
      'historyMerge',
      'historyKeptRestore',
      'historyKeptUndo',
      'historyKeptMove',
      'historyGroupMake',
      'historyGroupPair',
      'historyGroupUnpair',
      'historyGroupMore',
      'historyGroupNewId',
      'historyGroupRename',
      'historyGroupKeys',
      'historyGroupTakeOver',
    ]);
    // A line added to the keymap is in the list; one taken out is not.
    const added = keyListGroups([...KEYMAP, { screen: 'tab', chords: [{ key: 'q' }], help: 'lobbyHistory', action: 'history' }]);
    expect(added.find((g) => g.screen === 'tab')!.keys.at(-1)).toBe('lobbyHistory');
    const without = keyListGroups(KEYMAP.filter((b) => b.help !== 'mute'));
    expect(without.find((g) => g.screen === 'anywhere')!.keys).not.toContain('mute');
  });

  it('every line of the list has its words (the four languages are held to English by locales.test.ts)', () => {
    for (const binding of KEYMAP) if (binding.help) expect(en.keys.list[binding.help].what, binding.help).not.toBe('');
  });

  it('the dispatcher runs the action of the line the key and the moment match, and nothing else', () => {
    const history = vi.fn();
    const start = vi.fn();
    const actions = lobbyActions();
    Object.assign(actions, { history, start });
    // H opens the history, but not while a name is typed (it is a letter of the name then).
    expect(dispatchKey(LOBBY_KEYS, press('H', { shiftKey: true }), noFacts(), actions)).toBe(true);
    expect(history).toHaveBeenCalledTimes(1);
    expect(dispatchKey(LOBBY_KEYS, press('h'), { ...noFacts(), typing: true }, actions)).toBe(false);
    expect(dispatchKey(LOBBY_KEYS, press('h', { ctrlKey: true }), noFacts(), actions)).toBe(false);
    expect(history).toHaveBeenCalledTimes(1);
    expect(dispatchKey(LOBBY_KEYS, press('Enter'), noFacts(), actions)).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    // Alt+L by the key's place, whatever Alt types on this keyboard.
    expect(bindingFor(LOBBY_KEYS, press('¬', { altKey: true, code: 'KeyL' }), { ...noFacts(), typing: true })?.action).toBe('sameAsLast');
    // O reopens only a night there was.
    expect(bindingFor(LOBBY_KEYS, press('o'), noFacts())).toBeNull();
    expect(bindingFor(LOBBY_KEYS, press('o'), { ...noFacts(), hasLastSetup: true })?.action).toBe('reopenLast');
  });

  it("an action that leaves the key after all (a focused button's Enter) leaves it unclaimed", () => {
    const actions = lobbyActions();
    actions.buttonClick = () => false;
    expect(dispatchKey(LOBBY_KEYS, press('Enter'), { ...noFacts(), onButton: true }, actions)).toBe(false);
  });

  it("a night's letters are typing while a number box waits for digits, and reach their action with Alt there", () => {
    const waiting = { ...noFacts(), phase: 'bet', betAsked: true, boxWaiting: true };
    expect(bindingFor(NIGHT_KEYS, press('e'), waiting)).toBeNull();
    expect(bindingFor(NIGHT_KEYS, press('e', { altKey: true }), waiting)?.action).toBe('endNight');
    expect(bindingFor(NIGHT_KEYS, press('e'), { ...noFacts(), phase: 'ready' })?.action).toBe('endNight');
    // R31, R32: seating waits for the bet, even with Alt.
    expect(bindingFor(NIGHT_KEYS, press('j', { altKey: true }), waiting)).toBeNull();
    // R26: X passes only on an empty bet box with passing on; P bets the largest bet on an empty box.
    expect(bindingFor(NIGHT_KEYS, press('x'), { ...waiting, canPass: true, betEmpty: true })?.action).toBe('pass');
    expect(bindingFor(NIGHT_KEYS, press('x'), { ...waiting, betEmpty: true })).toBeNull();
    expect(bindingFor(NIGHT_KEYS, press('p'), { ...waiting, betEmpty: true })?.action).toBe('largestBet');
    // The phase picks what Enter and H do.
    expect(bindingFor(NIGHT_KEYS, press('Enter'), { ...noFacts(), phase: 'draw' })?.action).toBe('drawForDealer');
    expect(bindingFor(NIGHT_KEYS, press('h'), { ...noFacts(), phase: 'ace-call' })?.action).toBe('callAce');
    expect(bindingFor(NIGHT_KEYS, press('h'), { ...noFacts(), phase: 'pair-call' })?.action).toBe('callPair');
  });

  it('R21: in the fix-turn panel V voids the turn, but is typing once a correction is typed, where Alt+V voids', () => {
    const fixing = { ...noFacts(), panel: 'fix-turn', canVoid: true, canCorrect: true };
    expect(bindingFor(CHIP_PANEL_KEYS, press('v'), fixing)?.action).toBe('voidTurn');
    expect(bindingFor(CHIP_PANEL_KEYS, press('v'), { ...fixing, correctionTyping: true })).toBeNull();
    expect(bindingFor(CHIP_PANEL_KEYS, press('v', { altKey: true }), { ...fixing, correctionTyping: true })?.action).toBe('voidTurn');
    // Esc closes whichever panel is open.
    expect(bindingFor(CHIP_PANEL_KEYS, press('Escape'), { ...noFacts(), panel: 'seat' })?.action).toBe('closePanel');
  });

  it('a key of the history does what the part showing says: U undoes a merge in all time, the last restore in the backups', () => {
    const part = (name: string) => ({ ...noFacts(), part: name });
    expect(bindingFor(MERGE_KEYS, press('u'), part('all-time'))?.action).toBe('unmerge');
    expect(bindingFor(BACKUPS_KEYS, press('u'), part('backups'))?.action).toBe('undoRestore');
    expect(bindingFor(BACKUPS_KEYS, press('u'), part('all-time'))).toBeNull();
    // J exports a night as JSON, and in all time counts the highlighted player as another.
    expect(bindingFor(NIGHT_DETAIL_KEYS, press('j'), part('night'))?.action).toBe('exportJson');
    expect(bindingFor(MERGE_KEYS, press('J', { shiftKey: true }), part('all-time'))?.action).toBe('merge');
    // Home and End jump in the nights list; Ctrl+Home is not theirs.
    expect(bindingFor(NIGHTS_LIST_KEYS, press('End'), part('nights'))?.action).toBe('firstOrLast');
    expect(bindingFor(NIGHTS_LIST_KEYS, press('End', { ctrlKey: true }), part('nights'))).toBeNull();
  });

  it("the roster editor's keys are the keymap's: Enter saves, Esc cancels, Alt+← → walk the palette, Alt+S shares only in a group", () => {
    const editing = { ...noFacts(), editingPlayer: true, typing: true, inField: true };
    const action = (e: KeyboardEvent, facts = editing) => bindingFor(ROSTER_EDITOR_KEYS, e, facts)?.action ?? null;
    expect(action(press('Enter'))).toBe('save');
    expect(action(press('Escape'))).toBe('cancel');
    expect(action(press('ArrowLeft', { altKey: true }))).toBe('stepColour');
    expect(action(press('ArrowRight', { altKey: true }))).toBe('stepColour');
    // Plain arrows and letters are the fields' typing.
    expect(action(press('ArrowLeft'))).toBeNull();
    expect(action(press('s'))).toBeNull();
    // Alt+S by the key's place, whatever Alt types there; outside a group it is nobody's.
    expect(action(press('ß', { altKey: true, code: 'KeyS' }), { ...editing, inGroup: true })).toBe('toggleShare');
    expect(action(press('s', { altKey: true }))).toBeNull();
    // Closed, the editor claims nothing, and the lobby's Enter starts the night again; open, the lobby's Enter is not claimed.
    expect(action(press('Enter'), { ...noFacts() })).toBeNull();
    expect(bindingFor(KEYMAP, press('Enter'), noFacts())?.action).toBe('start');
    expect(bindingFor(LOBBY_KEYS, press('Enter'), { ...noFacts(), editingPlayer: true })).toBeNull();
    expect(bindingFor(KEYMAP, press('Enter'), { ...noFacts(), editingPlayer: true })?.action).toBe('save');
  });

  it('Alt+R on the group screen renames this laptop, from its text box too; R alone still opens the rules', () => {
    const onGroup = { ...noFacts(), part: 'group' as const };
    expect(bindingFor(GROUP_KEYS, press('r', { altKey: true }), onGroup)?.action).toBe('rename');
    // By the key's place, whatever Alt types there (® on a Mac), and while the rename box has the focus.
    expect(bindingFor(GROUP_KEYS, press('®', { altKey: true, code: 'KeyR' }), { ...onGroup, typing: true })?.action).toBe('rename');
    expect(bindingFor(GROUP_KEYS, press('r'), onGroup)).toBeNull();
    expect(bindingFor(GROUP_KEYS, press('r', { altKey: true }), noFacts())).toBeNull();
    expect(bindingFor(CONSOLE_KEYS_MAP, press('r'), noFacts())?.action).toBe('openRules');
    expect(keyListGroups().find((g) => g.screen === 'history')?.keys).toContain('historyGroupRename');
  });

  it('Shift+G goes back a language and G forward: two lines of the list, two actions', () => {
    expect(bindingFor(CONSOLE_KEYS_MAP, press('G', { shiftKey: true }), noFacts())?.action).toBe('previousLanguage');
    expect(bindingFor(CONSOLE_KEYS_MAP, press('g'), noFacts())?.action).toBe('nextLanguage');
    expect(bindingFor(CONSOLE_KEYS_MAP, press('g'), { ...noFacts(), typing: true })).toBeNull();
  });
});
