import type { Chord, Conditions, KeyBinding, KeyFacts } from './types';

/** The key as a chord names it: a letter in lower case, anything else as KeyboardEvent.key has it. */
function keyName(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

type Pressed = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/** Whether the pressed key is this chord. Alt with a letter goes by the key's place (what Alt types differs between keyboards). */
function chordMatches(chord: Chord, e: Pressed): boolean {
  const letter = /^[a-z]$/.test(chord.key);
  const byPlace = letter && Boolean(e.altKey) && e.code === `Key${chord.key.toUpperCase()}`;
  if (keyName(e.key) !== chord.key && !byPlace) return false;
  if (chord.anyModifiers) return true;
  if (Boolean(e.altKey) !== (chord.alt ?? false)) return false;
  if (Boolean(e.ctrlKey || e.metaKey) !== (chord.ctrl ?? false)) return false;
  return chord.shift === undefined || Boolean(e.shiftKey) === chord.shift;
}

function conditionsHold(when: Conditions | undefined, facts: Readonly<KeyFacts>): boolean {
  return Object.entries(when ?? {}).every(([name, wanted]) => facts[name as keyof KeyFacts] === wanted);
}

/** The binding of `keymap` this key is, in the moment `facts` describe, or null. */
export function bindingFor<B extends KeyBinding>(keymap: readonly B[], e: Pressed, facts: Readonly<KeyFacts>): B | null {
  return keymap.find((b) => b.action !== null && b.chords.some((c) => chordMatches(c, e)) && conditionsHold(b.when, facts)) ?? null;
}

/**
 * Runs the action the keymap gives this key, if any. An action returns false
 * when, after all, it leaves the key (a button's own click); the key is then
 * not the screen's. True when the key was used.
 */
export function dispatchKey<A extends string>(
  keymap: readonly KeyBinding<A>[],
  e: KeyboardEvent,
  facts: Readonly<KeyFacts>,
  actions: Readonly<Record<A, (e: KeyboardEvent) => boolean | void>>,
): boolean {
  const binding = bindingFor(keymap, e, facts);
  if (!binding?.action) return false;
  return actions[binding.action](e) !== false;
}

/** All conditions false and no night: a screen sets the ones that hold. */
export function noFacts(): KeyFacts {
  return {
    phase: null,
    panel: null,
    part: null,
    typing: false,
    inField: false,
    hasLastSetup: false,
    onRoster: false,
    onSeats: false,
    onNameBox: false,
    onButton: false,
    editingPlayer: false,
    inGroup: false,
    boxWaiting: false,
    betAsked: false,
    canPass: false,
    betEmpty: false,
    paymentTyping: false,
    canVoid: false,
    canCorrect: false,
    correctionTyping: false,
  };
}
