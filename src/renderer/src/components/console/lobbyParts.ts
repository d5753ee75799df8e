/**
 * What the lobby (LobbyPanel) asks of its parts when a key is pressed anywhere in it: the keys are
 * the lobby's (keymap.ts LOBBY_KEYS), the boxes and lists they reach are the parts'.
 */

/** The table's seats (LobbySeats). */
export interface LobbySeatsHandle {
  focus(): void;
  /** Whether a key's target is the seats' list. */
  holds(target: EventTarget | null): boolean;
}

/** The night's rules and chips (LobbyRules). */
export interface LobbyRulesHandle {
  /** Alt+M: play for money in the host's currency. */
  playForMoney(): void;
  selectChipValue(): void;
  focusPreset(): void;
}
