import type { RefusalTexts } from './texts';

/**
 * The refusals main can send, in English.
 * Every code of src/shared/errors.ts needs its text here: the compiler says which one is missing.
 */
const refusals = {
  'stale-state': 'Someone acted first: the screen now shows the latest state. Look again and retry.',
  'payments-marked':
    'A payment of this night is marked paid: mark it unpaid on the running tab (D) before settling the night another way (M3). | {n} payments of this night are marked paid: mark them unpaid on the running tab (D) before settling the night another way (M3).',
  'same-player': '{name} cannot be merged into {into}: they are already counted as one.',
  'already-merged': '{name} is already counted as {into}: undo that merge first.',
  'not-merged': '{name} is counted under their own name: there is no merge to undo.',
  'player-seated': '{name} sits at the open night: merge once it has ended.',
  'unknown-backup': 'That backup is no longer kept (only the last ten are).',
  'data-folder-fixed': 'This data folder is chosen on the command line (--data or --data-dir): start the app with the new folder instead.',
  'wrong-phase': 'Not now: the table is waiting for {what}.',
  'no-night': 'No night is open: start one first.',
  'night-open': 'A night is already open: end it before starting another.',
  'night-closed': 'This night has ended and is read-only.',
  'bet-too-small': 'The smallest bet is {min}: bet {min} to {max}.',
  'bet-above-pot': 'The pot holds {pot}: bet {min} to {max}.',
  'bet-above-stack': '{player} has {stack}: bet {min} to {max}.',
  'bad-cut': 'The cut is a whole number from 0 to {max}.',
  'cannot-undo-cards': 'Cards the table has seen stay: correct the bet or void the turn instead.',
  'unknown-night': 'There is no night {night} in the history.',
  'unknown-player': 'There is no player {player} here.',
  'duplicate-player': 'Another player is already called {name}.',
  'unknown-expense': 'There is no expense {expense} on this night.',
  'too-many-expenses': 'A night keeps at most {max} expenses.',
  'bet-above-limit': 'The largest bet allowed now is {max}: bet {min} to {max} (R27).',
  'rule-off': 'Passing is not allowed tonight: bet at least 1 (R26).',
  'already-sitting-out': '{player} is already sitting out.',
  'not-sitting-out': '{player} is not sitting out.',
  'not-latest-night': 'Only the most recent night can be reopened, and only while no night is open (R33).',
  'nothing-to-undo': 'Nothing to undo now: only the last action can be undone, a turn only until new cards are out (R21).',
  'seating-undo-too-late':
    'The table has moved on since {player} changed seats: a seating change can be undone only before anything else is recorded (R21).',
  'invalid-input': 'Not accepted as written: check it and try again. Nothing changed.',
  'data-exists': 'There are already {nights} nights and {players} players here: confirm to replace them with the backup.',
  'bad-pair-call': 'A pair of aces can only be called lower, a pair of 2s only higher (R29).',
  'not-enough-players': 'At least 2 players need chips: record a buy-in or end the night (R6).',
  'starting-chips-too-few': 'It takes more chips than the ante of {ante}, or nothing is left to play after the ante (R4).',
  'already-left': '{player} has already cashed out.',
  'player-busy': '{player} is in the middle of a turn: finish it first.',
  conservation: 'The chips would no longer add up (R24): nothing was recorded.',
  storage: 'The disk could not read or save the data: nothing changed.',
  'forbidden-role': 'This screen only watches: commands are for the host console. Nothing changed.',
  'phones-unavailable': 'This dealer cannot let phones watch: it runs without the local network listener.',
  'bad-iban': 'The IBAN {iban} {why}: nothing was saved.',
  'bad-bic': '{why}: nothing was saved.',
  'too-many-questions': 'Too many questions from this phone: ask again in {seconds} s.',
  'not-this-night': 'This phone was helping deal at another night: it helps again once it has the night on the table.',
  'not-a-witness': 'This phone is not helping deal right now: tap Help deal again.',
  'bad-reveal': "This phone's value did not match its chain: the card was drawn without it (R34).",
  'reveal-late': 'This phone answered too late: the card was drawn without it (R34).',
  'not-in-group': 'This laptop is in no group: create or join one first.',
  'already-in-group': 'This laptop is already in the group {group}: leave it first.',
  'other-group': 'That holds the group {group}, not this laptop’s: nothing changed.',
  'bad-group-file': '{file} cannot be read as a group: nothing changed.',
  'night-elsewhere': 'This night was hosted on {laptop}: only that laptop can reopen it (R33).',
} satisfies RefusalTexts;

export default refusals;
