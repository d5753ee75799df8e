import type { Conditions, HelpId, KeyBinding, KeyScreen } from './types';

/**
 * Every key of the console, once. A screen converted to the keymap runs its
 * keys from here (dispatch.ts, with a function for each action name); the
 * key list (?) is generated from here for every screen. Lines are in the key
 * list's order; within a screen no two lines claim the same key at once
 * (keymap.test.ts), so their order never decides what a key does.
 *
 * Letters are lower case; Shift is free unless a line says (Shift+H is H).
 * `typing`: the focus is in a text box, where a letter is typed, not a command.
 */

const plainLetter = (key: string) => [{ key }] as const;
const altLetter = (key: string) => [{ key, alt: true }] as const;
const arrows = [{ key: 'ArrowUp' }, { key: 'ArrowDown' }] as const;
const anyArrow = [
  { key: 'ArrowUp', anyModifiers: true },
  { key: 'ArrowDown', anyModifiers: true },
] as const;
/** A line of the key list for keys a screen's own handler still runs (not yet dispatched from here). */
const listed = (screen: KeyScreen, help: HelpId): KeyBinding<never> => ({ screen, chords: [], help, action: null });

/** The lobby (LobbyPanel.vue): every key dispatched from here. */
export const LOBBY_KEYS = [
  { screen: 'lobby', chords: anyArrow, when: { onRoster: true }, help: 'lobbyMove', action: 'rosterKey' },
  {
    screen: 'lobby',
    chords: arrows.map((c) => ({ ...c, shift: false })),
    when: { onSeats: true, onRoster: false },
    help: 'lobbyMove',
    action: 'seatCursor',
  },
  { screen: 'lobby', chords: [{ key: ' ', anyModifiers: true }], when: { onRoster: true }, help: 'lobbySeat', action: 'rosterKey' },
  {
    screen: 'lobby',
    chords: [
      { key: 'ArrowUp', alt: true },
      { key: 'ArrowDown', alt: true },
      { key: 'ArrowUp', shift: true },
      { key: 'ArrowDown', shift: true },
    ],
    when: { onSeats: true, onRoster: false },
    help: 'lobbyOrder',
    action: 'seatMove',
  },
  {
    screen: 'lobby',
    chords: [
      { key: 'Delete', anyModifiers: true },
      { key: 'Backspace', anyModifiers: true },
    ],
    when: { onSeats: true, onRoster: false },
    help: 'lobbyRemove',
    action: 'seatRemove',
  },
  { screen: 'lobby', chords: plainLetter('n'), when: { typing: false }, help: 'lobbyName', action: 'focusName' },
  // 1-4: each of the lobby's sections, so the chip value is one key away instead of five Tabs.
  { screen: 'lobby', chords: plainLetter('1'), when: { inField: false }, help: 'lobbySections', action: 'focusRoster' },
  { screen: 'lobby', chords: plainLetter('2'), when: { inField: false }, help: null, action: 'focusSeats' },
  { screen: 'lobby', chords: plainLetter('3'), when: { inField: false }, help: null, action: 'focusChipValue' },
  { screen: 'lobby', chords: plainLetter('4'), when: { inField: false }, help: null, action: 'focusRules' },
  // Alt+M, from the name box too: play for money in the currency of the host's country, the chip value box next.
  { screen: 'lobby', chords: altLetter('m'), help: 'lobbyMoney', action: 'playForMoney' },
  { screen: 'lobby', chords: plainLetter('l'), when: { typing: false }, help: 'lobbyLast', action: 'sameAsLast' },
  { screen: 'lobby', chords: altLetter('l'), help: null, action: 'sameAsLast' },
  { screen: 'lobby', chords: plainLetter('e'), when: { typing: false }, help: 'lobbyEdit', action: 'editPlayer' },
  { screen: 'lobby', chords: plainLetter('a'), when: { typing: false }, help: 'lobbyArchive', action: 'archivePlayer' },
  { screen: 'lobby', chords: plainLetter('v'), when: { typing: false }, help: 'lobbyShowArchived', action: 'showArchived' },
  { screen: 'lobby', chords: plainLetter('h'), when: { typing: false }, help: 'lobbyHistory', action: 'history' },
  { screen: 'lobby', chords: plainLetter('o'), when: { typing: false, hasLastSetup: true }, help: 'lobbyReopen', action: 'reopenLast' },
  // M2: C switches the night's default payment; Alt+C while typing.
  { screen: 'lobby', chords: plainLetter('c'), when: { typing: false }, help: 'lobbyPayment', action: 'switchPayment' },
  { screen: 'lobby', chords: altLetter('c'), help: null, action: 'switchPayment' },
  { screen: 'lobby', chords: plainLetter('d'), when: { typing: false }, help: 'tabOpen', action: 'runningTab' },
  // Enter: a focused button's own click; in the new-player box it adds the name (or starts when empty); anywhere else it starts.
  // While the roster editor is open, Enter and Esc are the editor's (ROSTER_EDITOR_KEYS).
  {
    screen: 'lobby',
    chords: [{ key: 'Enter', anyModifiers: true }],
    when: { editingPlayer: false, onButton: true },
    help: null,
    action: 'buttonClick',
  },
  {
    screen: 'lobby',
    chords: [{ key: 'Enter', anyModifiers: true }],
    when: { editingPlayer: false, onButton: false, onNameBox: true },
    help: null,
    action: 'addOrStart',
  },
  {
    screen: 'lobby',
    chords: [{ key: 'Enter', anyModifiers: true }],
    when: { editingPlayer: false, onButton: false, onNameBox: false },
    help: 'lobbyStart',
    action: 'start',
  },
  {
    screen: 'lobby',
    chords: [{ key: 'Escape', anyModifiers: true }],
    when: { editingPlayer: false, inField: true },
    help: null,
    action: 'leaveField',
  },
] as const satisfies readonly KeyBinding[];

export type LobbyAction = NonNullable<(typeof LOBBY_KEYS)[number]['action']>;

/**
 * The lobby's roster editor (E, RosterEditor.vue), while it is open: its keys come before the lobby's,
 * and everything else types into its fields. The key list's lobby lines do not name them: the
 * editor's own hint does.
 */
export const ROSTER_EDITOR_KEYS = [
  { screen: 'lobby', chords: [{ key: 'Enter', anyModifiers: true }], when: { editingPlayer: true }, help: null, action: 'save' },
  { screen: 'lobby', chords: [{ key: 'Escape', anyModifiers: true }], when: { editingPlayer: true }, help: null, action: 'cancel' },
  // Alt+← →: the next colour of the palette either way.
  {
    screen: 'lobby',
    chords: [
      { key: 'ArrowLeft', alt: true },
      { key: 'ArrowRight', alt: true },
    ],
    when: { editingPlayer: true },
    help: null,
    action: 'stepColour',
  },
  // Alt+S, in a group: the player's payment details are the group's, or this laptop's alone.
  { screen: 'lobby', chords: altLetter('s'), when: { editingPlayer: true, inGroup: true }, help: null, action: 'toggleShare' },
] as const satisfies readonly KeyBinding[];

export type RosterEditorAction = NonNullable<(typeof ROSTER_EDITOR_KEYS)[number]['action']>;

/**
 * Keys of the whole console, whatever the screen (useScreenKeys.ts). A
 * screen that reads letters as typing (a number box) leaves them alone while clean.
 */
export const CONSOLE_KEYS_MAP = [
  { screen: 'anywhere', chords: [{ key: '?' }], help: 'help', action: 'openHelp' },
  { screen: 'anywhere', chords: plainLetter('r'), when: { typing: false }, help: 'rules', action: 'openRules' },
  { screen: 'anywhere', chords: [{ key: 'g', shift: false }], when: { typing: false }, help: 'language', action: 'nextLanguage' },
  { screen: 'anywhere', chords: [{ key: 'g', shift: true }], when: { typing: false }, help: 'languageBack', action: 'previousLanguage' },
  { screen: 'anywhere', chords: plainLetter('m'), when: { typing: false }, help: 'mute', action: 'mute' },
  { screen: 'anywhere', chords: plainLetter('q'), when: { typing: false }, help: 'fourColour', action: 'fourColour' },
  { screen: 'anywhere', chords: plainLetter('w'), when: { typing: false }, help: 'phones', action: 'phones' },
] as const satisfies readonly KeyBinding[];

export type ConsoleAction = NonNullable<(typeof CONSOLE_KEYS_MAP)[number]['action']>;

/**
 * A night's table keys: B, C, D, F, E, J, T, S plain, or with Alt while a
 * number box waits for digits (a plain letter is typing there, refused by
 * the box: "five" is not F).
 */
const tableLetter = <A extends string>(key: string, help: HelpId, action: A, when: Conditions = {}) =>
  [
    { screen: 'night', chords: plainLetter(key), when: { ...when, boxWaiting: false }, help, action },
    { screen: 'night', chords: altLetter(key), when, help, action },
  ] as const;

/** During a night (useNightKeys.ts), outside a panel. Digits, Backspace and Esc in a number box are the box's typing. */
export const NIGHT_KEYS = [
  { screen: 'night', chords: [{ key: 'Enter', anyModifiers: true }], when: { phase: 'draw' }, help: 'draw', action: 'drawForDealer' },
  { screen: 'night', chords: [{ key: 'Enter', anyModifiers: true }], when: { phase: 'ready' }, help: 'draw', action: 'deal' },
  { screen: 'night', chords: [{ key: 'Enter', anyModifiers: true }], when: { phase: 'cut' }, help: 'cut', action: 'cut' },
  {
    screen: 'night',
    chords: [
      { key: 'l', anyModifiers: true },
      { key: 'h', anyModifiers: true },
    ],
    when: { phase: 'ace-call' },
    help: 'ace',
    action: 'callAce',
  },
  // R29: H or ↑ calls the pair higher, L or ↓ lower.
  {
    screen: 'night',
    chords: [...plainLetter('h'), ...plainLetter('l'), ...arrows],
    when: { phase: 'pair-call' },
    help: 'pairCall',
    action: 'callPair',
  },
  { screen: 'night', chords: [{ key: 'Enter', anyModifiers: true }], when: { phase: 'bet' }, help: 'bet', action: 'bet' },
  { screen: 'night', chords: plainLetter('p'), when: { phase: 'bet', betEmpty: true }, help: 'largest', action: 'largestBet' },
  { screen: 'night', chords: plainLetter('x'), when: { phase: 'bet', canPass: true }, help: 'pass', action: 'pass' },
  listed('night', 'clear'),
  ...tableLetter('b', 'buyIn', 'buyIn'),
  ...tableLetter('c', 'cashOut', 'cashOut'),
  ...tableLetter('j', 'seatNew', 'seatNewcomer', { betAsked: false }),
  ...tableLetter('t', 'movePlayer', 'movePlayer', { betAsked: false }),
  ...tableLetter('s', 'sitOut', 'sitOut', { betAsked: false }),
  ...tableLetter('f', 'expenses', 'expenses'),
  {
    screen: 'night',
    chords: [
      { key: 'z', ctrl: true, alt: false },
      { key: 'z', ctrl: true, alt: true },
    ],
    help: 'undo',
    action: 'undo',
  },
  ...tableLetter('e', 'end', 'endNight'),
  ...tableLetter('d', 'tabOpen', 'runningTab'),
  // R35: the group screen, where a live copy of this night shows and Alt+H hands the night to another laptop.
  ...tableLetter('v', 'nightGroup', 'groupScreen'),
] as const satisfies readonly KeyBinding[];

export type NightAction = NonNullable<(typeof NIGHT_KEYS)[number]['action']>;

/** After the last turn, until the night is closed (useNightKeys.ts). */
export const ENDED_KEYS = [
  { screen: 'ended', chords: [{ key: 'Enter', anyModifiers: true }], help: 'endedClose', action: 'closeNight' },
  { screen: 'ended', chords: plainLetter('s'), help: 'endedMode', action: 'settleMode' },
  { screen: 'ended', chords: plainLetter('y'), help: 'endedCopy', action: 'copySettlement' },
  { screen: 'ended', chords: plainLetter('h'), help: 'endedHistory', action: 'nightInHistory' },
  // M4: expenses still come in after the last turn (who paid for the pizza).
  { screen: 'ended', chords: plainLetter('f'), help: 'expenses', action: 'expenses' },
  { screen: 'ended', chords: plainLetter('o'), help: 'reopen', action: 'reopen' },
  { screen: 'ended', chords: plainLetter('d'), help: 'tabOpen', action: 'runningTab' },
] as const satisfies readonly KeyBinding[];

export type EndedAction = NonNullable<(typeof ENDED_KEYS)[number]['action']>;

const anyKey = (...keys: string[]) => keys.map((key) => ({ key, anyModifiers: true }));

/** The seating panels of a night (houseKeys.ts): J seats a newcomer, T moves a player, S sits one out (R31, R32). */
export const HOUSE_PANEL_KEYS = [
  { screen: 'panel', chords: anyKey('ArrowUp', 'ArrowDown'), when: { panel: 'seat' }, help: 'panelMove', action: 'seatNeighbour' },
  { screen: 'panel', chords: anyKey('ArrowUp', 'ArrowDown'), when: { panel: 'move' }, help: 'panelMove', action: 'movingPlayer' },
  { screen: 'panel', chords: anyKey('ArrowLeft', 'ArrowRight'), when: { panel: 'move' }, help: 'panelMove', action: 'moveNeighbour' },
  { screen: 'panel', chords: anyKey('ArrowUp', 'ArrowDown'), when: { panel: 'sit-out' }, help: 'panelMove', action: 'sitOutPlayer' },
  // M2: C switches how the newcomer's buy-in is paid, Alt+C in the name box.
  { screen: 'panel', chords: plainLetter('c'), when: { panel: 'seat', paymentTyping: false }, help: 'panelPayment', action: 'seatPayment' },
  { screen: 'panel', chords: altLetter('c'), when: { panel: 'seat' }, help: 'panelPayment', action: 'seatPayment' },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'seat' }, help: 'panelOk', action: 'seatNewcomer' },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'move' }, help: 'panelOk', action: 'movePlayer' },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'sit-out' }, help: 'panelOk', action: 'sitOutOrBack' },
] as const satisfies readonly KeyBinding[];

export type HousePanelAction = NonNullable<(typeof HOUSE_PANEL_KEYS)[number]['action']>;

/** The chip panels of a night (useNightKeys.ts): a buy-in (B), a cash-out (C), fixing the last turn (Ctrl+Z); Esc closes any panel. */
export const CHIP_PANEL_KEYS = [
  { screen: 'panel', chords: anyKey('ArrowUp', 'ArrowDown'), when: { panel: 'buy-in' }, help: 'panelMove', action: 'choosePlayer' },
  { screen: 'panel', chords: anyKey('ArrowUp', 'ArrowDown'), when: { panel: 'cash-out' }, help: 'panelMove', action: 'choosePlayer' },
  // M2: C switches how it is paid (Alt+C once chips are typed: C is typing then, refused).
  {
    screen: 'panel',
    chords: plainLetter('c'),
    when: { panel: 'buy-in', paymentTyping: false },
    help: 'panelPayment',
    action: 'switchPayment',
  },
  { screen: 'panel', chords: altLetter('c'), when: { panel: 'buy-in' }, help: 'panelPayment', action: 'switchPayment' },
  {
    screen: 'panel',
    chords: [...plainLetter('c'), ...altLetter('c')],
    when: { panel: 'cash-out' },
    help: 'panelPayment',
    action: 'switchPayment',
  },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'buy-in' }, help: 'panelOk', action: 'buyIn' },
  // Ctrl+A selects the chips typed, as in any text box: the next key then replaces them.
  { screen: 'panel', chords: [{ key: 'a', ctrl: true }], when: { panel: 'buy-in' }, help: null, action: 'selectAmount' },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'cash-out' }, help: 'panelOk', action: 'cashOut' },
  { screen: 'panel', chords: anyKey('Enter'), when: { panel: 'fix-turn', canCorrect: true }, help: 'panelOk', action: 'correctBet' },
  // R21: V voids the turn; once a correction is being typed V is typing, and Alt+V still voids.
  {
    screen: 'panel',
    chords: plainLetter('v'),
    when: { panel: 'fix-turn', canVoid: true, correctionTyping: false },
    help: null,
    action: 'voidTurn',
  },
  { screen: 'panel', chords: altLetter('v'), when: { panel: 'fix-turn', canVoid: true }, help: null, action: 'voidTurn' },
  { screen: 'panel', chords: anyKey('Escape'), help: 'panelCancel', action: 'closePanel' },
] as const satisfies readonly KeyBinding[];

export type ChipPanelAction = NonNullable<(typeof CHIP_PANEL_KEYS)[number]['action']>;

/** The running tab (TabView.vue), from the lobby, the night or its end (D). */
export const TAB_KEYS = [
  { screen: 'tab', chords: arrows, help: 'tabMove', action: 'moveCursor' },
  { screen: 'tab', chords: [{ key: 'ArrowLeft' }, { key: 'ArrowRight' }], help: 'tabMove', action: 'switchList' },
  { screen: 'tab', chords: [{ key: 'Enter' }, { key: ' ' }], help: 'tabMark', action: 'markPaid' },
  { screen: 'tab', chords: plainLetter('t'), help: 'tabTv', action: 'tabOnTv' },
  { screen: 'tab', chords: [...plainLetter('j'), ...plainLetter('c')], help: 'tabExport', action: 'exportTab' },
  { screen: 'tab', chords: [{ key: 'Escape' }, { key: 'Backspace' }, ...plainLetter('d')], help: 'tabBack', action: 'back' },
] as const satisfies readonly KeyBinding[];

export type TabAction = NonNullable<(typeof TAB_KEYS)[number]['action']>;

/**
 * The history (HistoryView.vue): keys of the whole screen. Its parts (below)
 * dispatch their own keys, each naming its `part`; they run only while no
 * text box has the focus and no question or key list is open (useKeys.ts).
 */
export const HISTORY_KEYS = [
  { screen: 'history', chords: plainLetter('n'), when: { typing: false }, help: 'historyNights', action: 'nights' },
  { screen: 'history', chords: plainLetter('a'), when: { typing: false }, help: 'historyAllTime', action: 'allTime' },
  { screen: 'history', chords: [{ key: 'Escape' }, { key: 'Backspace' }], when: { typing: false }, help: 'historyBack', action: 'back' },
  { screen: 'history', chords: [{ key: 'Escape' }], when: { typing: true }, help: null, action: 'leaveField' },
  { screen: 'history', chords: plainLetter('t'), when: { typing: false }, help: 'historyTv', action: 'onTv' },
  { screen: 'history', chords: plainLetter('b'), when: { typing: false }, help: 'historyBackup', action: 'backup' },
  { screen: 'history', chords: plainLetter('o'), when: { typing: false }, help: 'historyRestore', action: 'restore' },
  { screen: 'history', chords: plainLetter('k'), when: { typing: false }, help: 'historyKept', action: 'keptBackups' },
  { screen: 'history', chords: plainLetter('v'), when: { typing: false }, help: 'historyGroup', action: 'group' },
] as const satisfies readonly KeyBinding[];

export type HistoryAction = NonNullable<(typeof HISTORY_KEYS)[number]['action']>;

/** The nights list of the history (NightsList.vue). */
export const NIGHTS_LIST_KEYS = [
  { screen: 'history', chords: arrows, when: { part: 'nights' }, help: 'historyOpen', action: 'moveCursor' },
  { screen: 'history', chords: [{ key: 'Enter' }], when: { part: 'nights' }, help: 'historyOpen', action: 'open' },
  { screen: 'history', chords: [{ key: 'Home' }, { key: 'End' }], when: { part: 'nights' }, help: 'historyEnds', action: 'firstOrLast' },
] as const satisfies readonly KeyBinding[];

export type NightsListAction = NonNullable<(typeof NIGHTS_LIST_KEYS)[number]['action']>;

/** One night of the history (NightDetail.vue): its settlement as at the night's end, the fairness check, exports, expenses. */
export const NIGHT_DETAIL_KEYS = [
  { screen: 'history', chords: plainLetter('f'), when: { part: 'night' }, help: 'historyFairness', action: 'fairness' },
  { screen: 'history', chords: plainLetter('j'), when: { part: 'night' }, help: 'historyJson', action: 'exportJson' },
  { screen: 'history', chords: plainLetter('c'), when: { part: 'night' }, help: 'historyCsv', action: 'exportCsv' },
  { screen: 'history', chords: plainLetter('e'), when: { part: 'night' }, help: 'historyExpenses', action: 'expenses' },
  { screen: 'history', chords: plainLetter('s'), when: { part: 'night' }, help: 'endedMode', action: 'settleMode' },
  { screen: 'history', chords: plainLetter('y'), when: { part: 'night' }, help: 'endedCopy', action: 'copySettlement' },
] as const satisfies readonly KeyBinding[];

export type NightDetailAction = NonNullable<(typeof NIGHT_DETAIL_KEYS)[number]['action']>;

/** All time (AllTime.vue): the filters; the players list takes its own keys first while it has the focus (useListbox.ts). */
export const ALL_TIME_KEYS = [
  { screen: 'history', chords: plainLetter('d'), when: { part: 'all-time' }, help: 'historyFilter', action: 'filterDates' },
  { screen: 'history', chords: plainLetter('p'), when: { part: 'all-time' }, help: 'historyFilter', action: 'filterPlayers' },
  { screen: 'history', chords: plainLetter('x'), when: { part: 'all-time' }, help: 'historyFilter', action: 'clearFilters' },
] as const satisfies readonly KeyBinding[];

export type AllTimeAction = NonNullable<(typeof ALL_TIME_KEYS)[number]['action']>;

/** One person under two names (MergePlayers.vue, in all time), on the highlighted player. */
export const MERGE_KEYS = [
  { screen: 'history', chords: plainLetter('j'), when: { part: 'all-time' }, help: 'historyMerge', action: 'merge' },
  { screen: 'history', chords: plainLetter('u'), when: { part: 'all-time' }, help: 'historyMerge', action: 'unmerge' },
] as const satisfies readonly KeyBinding[];

export type MergeAction = NonNullable<(typeof MERGE_KEYS)[number]['action']>;

/** The backups kept by themselves (BackupsList.vue, K). */
export const BACKUPS_KEYS = [
  { screen: 'history', chords: arrows, when: { part: 'backups' }, help: 'historyKeptRestore', action: 'moveCursor' },
  { screen: 'history', chords: [{ key: 'Enter' }], when: { part: 'backups' }, help: 'historyKeptRestore', action: 'restore' },
  { screen: 'history', chords: plainLetter('u'), when: { part: 'backups' }, help: 'historyKeptUndo', action: 'undoRestore' },
  { screen: 'history', chords: plainLetter('l'), when: { part: 'backups' }, help: 'historyKeptMove', action: 'moveData' },
] as const satisfies readonly KeyBinding[];

export type BackupsAction = NonNullable<(typeof BACKUPS_KEYS)[number]['action']>;

/** The group (GroupScreen.vue, docs/group.md and docs/group-lan.md): make or join one, pair laptops, rename this one, leave. */
export const GROUP_KEYS = [
  { screen: 'history', chords: plainLetter('c'), when: { part: 'group' }, help: 'historyGroupMake', action: 'create' },
  { screen: 'history', chords: plainLetter('f'), when: { part: 'group' }, help: 'historyGroupMake', action: 'folder' },
  { screen: 'history', chords: plainLetter('i'), when: { part: 'group' }, help: 'historyGroupMake', action: 'importFile' },
  { screen: 'history', chords: plainLetter('p'), when: { part: 'group' }, help: 'historyGroupPair', action: 'pair' },
  { screen: 'history', chords: plainLetter('j'), when: { part: 'group' }, help: 'historyGroupPair', action: 'joinByCode' },
  { screen: 'history', chords: arrows, when: { part: 'group' }, help: 'historyGroupUnpair', action: 'moveCursor' },
  { screen: 'history', chords: plainLetter('u'), when: { part: 'group' }, help: 'historyGroupUnpair', action: 'unpair' },
  { screen: 'history', chords: plainLetter('e'), when: { part: 'group' }, help: 'historyGroupMore', action: 'exportFile' },
  { screen: 'history', chords: plainLetter('s'), when: { part: 'group' }, help: 'historyGroupMore', action: 'syncNow' },
  { screen: 'history', chords: plainLetter('l'), when: { part: 'group' }, help: 'historyGroupMore', action: 'leave' },
  { screen: 'history', chords: plainLetter('d'), when: { part: 'group' }, help: 'historyGroupNewId', action: 'newLaptopId' },
  // Alt+R: R alone opens the rules everywhere; with Alt it works from the rename box too.
  { screen: 'history', chords: altLetter('r'), when: { part: 'group' }, help: 'historyGroupRename', action: 'rename' },
  { screen: 'history', chords: altLetter('k'), when: { part: 'group' }, help: 'historyGroupKeys', action: 'rotateKey' },
  { screen: 'history', chords: altLetter('t'), when: { part: 'group' }, help: 'historyGroupKeys', action: 'trustKey' },
  { screen: 'history', chords: altLetter('o'), when: { part: 'group' }, help: 'historyGroupTakeOver', action: 'takeOver' },
  { screen: 'history', chords: altLetter('h'), when: { part: 'group' }, help: 'historyGroupTakeOver', action: 'handOver' },
] as const satisfies readonly KeyBinding[];

export type GroupAction = NonNullable<(typeof GROUP_KEYS)[number]['action']>;

/** Alt with the night's letters from the bet or cut box, where a plain letter is typing (the night's lines above): one line of the list. */
const ALT_LETTERS_LINE = listed('anywhere', 'altLetter');

/** The rules sheet (R), while it is open (useScreenKeys.ts); its own footer lists these. */
export const RULES_SHEET_KEYS = [
  { screen: 'rules', chords: plainLetter('t'), help: 'rulesTv', action: 'rulesOnTv' },
  {
    screen: 'rules',
    chords: [
      { key: 'Escape', anyModifiers: true },
      { key: 'r', anyModifiers: true },
    ],
    help: 'rulesClose',
    action: 'closeRules',
  },
] as const satisfies readonly KeyBinding[];

export type RulesSheetAction = NonNullable<(typeof RULES_SHEET_KEYS)[number]['action']>;

/**
 * The whole keymap.
 * @internal exported for tests only
 */
export const KEYMAP: readonly KeyBinding[] = [
  ...LOBBY_KEYS,
  ...ROSTER_EDITOR_KEYS,
  ...CONSOLE_KEYS_MAP,
  ...NIGHT_KEYS,
  ...ENDED_KEYS,
  ...HOUSE_PANEL_KEYS,
  ...CHIP_PANEL_KEYS,
  ...TAB_KEYS,
  ALT_LETTERS_LINE,
  ...HISTORY_KEYS,
  ...NIGHTS_LIST_KEYS,
  ...NIGHT_DETAIL_KEYS,
  ...ALL_TIME_KEYS,
  ...MERGE_KEYS,
  ...BACKUPS_KEYS,
  ...GROUP_KEYS,
  ...RULES_SHEET_KEYS,
];

/**
 * The key list's heading for each screen.
 * @internal exported for tests only
 */
export const KEY_SCREEN_HEADINGS = {
  lobby: 'keys.lobbyHeading',
  night: 'keys.nightHeading',
  anywhere: 'keys.consoleHeading',
  panel: 'keys.panelHeading',
  ended: 'keys.endedHeading',
  tab: 'keys.tabHeading',
  history: 'keys.historyHeading',
  rules: 'keys.rulesHeading',
} as const satisfies Record<KeyScreen, string>;

/** The key list (?): for each screen in order, its lines, each once, in the keymap's order. */
export function keyListGroups(keymap: readonly KeyBinding[] = KEYMAP): { screen: KeyScreen; heading: string; keys: HelpId[] }[] {
  const order = Object.keys(KEY_SCREEN_HEADINGS) as KeyScreen[];
  return order.map((screen) => ({
    screen,
    heading: KEY_SCREEN_HEADINGS[screen],
    keys: [...new Set(keymap.flatMap((b) => (b.screen === screen && b.help ? [b.help] : [])))],
  }));
}
