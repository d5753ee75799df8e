import type { MessageSchema } from '../i18n/en';

/**
 * The shape of the console's one keymap (keymap.ts): every key of every
 * screen, declared once with when it applies, its line in the key list (?)
 * and the action it runs. The dispatcher (dispatch.ts) and the key list
 * (HelpOverlay.vue) both read it, so what a key does and what the list says
 * come from the same line.
 */

/** The console's screens, each a heading of the key list (`keys.<screen>Heading`). */
export type KeyScreen = 'lobby' | 'night' | 'anywhere' | 'panel' | 'ended' | 'tab' | 'history' | 'rules';

/** A line of the key list: `keys.list.<id>.key` and `.what`, in the four languages (locales.test.ts holds them to English). */
export type HelpId = keyof MessageSchema['keys']['list'];

/**
 * A key with its modifiers. `key` is KeyboardEvent.key, a letter in lower
 * case (Shift+H is H). Alt and Ctrl (or Cmd) must be as said; Shift is free
 * unless said. `anyModifiers` takes the key whatever is held.
 */
export interface Chord {
  key: string;
  alt?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  anyModifiers?: boolean;
}

/**
 * What a screen knows about the moment a key is pressed, by name: a binding
 * applies when each condition it names has the value it asks for. Named (not
 * code) so two bindings can be checked for claiming the same key at once.
 */
type Condition =
  | 'typing' // the focus is in a text box (a rule menu is not typing)
  | 'inField' // a text box or a rule menu
  | 'hasLastSetup' // a night was played before (O reopens it)
  | 'onRoster' // the roster list has the focus, and lists someone
  | 'onSeats' // the table list has the focus, and seats someone
  | 'onNameBox' // the new-player box has the focus
  | 'onButton' // a button has the focus (Enter is its click)
  | 'editingPlayer' // the lobby's roster editor (E) is open: its keys come before the lobby's
  | 'inGroup' // this laptop is in a group (the roster editor's Alt+S shares a player's details with it)
  | 'boxWaiting' // a night's number box (the bet, the cut) waits for digits: a plain letter is typing
  | 'betAsked' // the night waits for a bet (seating waits for the turn to end, R31, R32)
  | 'canPass' // R26: passing is on and the bet box is empty
  | 'betEmpty' // the bet box holds no digits (P bets the largest bet allowed)
  | 'paymentTyping' // a panel's box is being typed into, where C is a letter (Alt+C switches the payment there)
  | 'canVoid' // the turn can be voided (R21)
  | 'canCorrect' // the turn's bet can be corrected (R21)
  | 'correctionTyping'; // a corrected bet is being typed, where V is a letter (Alt+V voids there)

/** The night's phase (NightView.phase), for keys that work in one phase only. */
export interface KeyFacts extends Record<Condition, boolean> {
  phase: string | null;
  /** The open panel of the night (ui.panel), or null. */
  panel: string | null;
  /** The part of a screen whose keys these are (the history's nights list, a night, all time, the backups), or null. */
  part: string | null;
}

export type Conditions = Partial<Record<Condition, boolean>> & { phase?: string; panel?: string; part?: string };

export interface KeyBinding<Action extends string = string> {
  screen: KeyScreen;
  chords: readonly Chord[];
  when?: Conditions;
  /** Its line in the key list, or null for a key the list does not name (a second way to the same thing). */
  help: HelpId | null;
  /** What it does: a name the screen gives a function to, or null where the screen's own handler still does it (help only). */
  action: Action | null;
}
