import {
  commandError,
  hasPayDetails,
  normalisePayDetails,
  payDetailsProblem,
  withoutKinds,
  type CommandError,
  type NightView,
  type PayDetails,
  type PayDirectory,
  type PayeesView,
  type PayKind,
  type ParsedCommandArgs,
  type RosterPlayer,
  type RunningTab,
} from '../../shared';
import { nightTransferId } from './tab';
import type { NightSummary, StoredRosterPlayer } from '../store/schemas';

/**
 * Paying from the table (docs/design.md "Paying from the table"): which
 * payment details leave the roster, and for whom. A party's details go out
 * only where that party is owed a transfer that is still due, with the
 * kinds the host turned off for the night left out; the roster in the view
 * never carries them.
 */

/** Everyone's details, for the console's roster editor (a host-only question). */
export function payDirectory(roster: readonly StoredRosterPlayer[], bank: PayDetails | undefined): PayDirectory {
  const players: Record<string, PayDetails> = {};
  for (const player of roster) if (player.pay && hasPayDetails(player.pay)) players[player.id] = player.pay;
  return { players, bank: bank ?? {} };
}

/** The roster as every screen sees it: without anyone's payment details. */
export function publicRoster(roster: readonly StoredRosterPlayer[]): RosterPlayer[] {
  return roster.map(({ pay: _pay, ...player }) => player);
}

/** A party's details with the hidden kinds left out, or undefined when none is left. */
export function shownDetails(details: PayDetails | undefined, hidden: readonly PayKind[]): PayDetails | undefined {
  const shown = details ? withoutKinds(details, hidden) : {};
  return hasPayDetails(shown) ? shown : undefined;
}

/** The details of the parties named, the hidden kinds left out; a party with none left is not listed. */
function payeesOf(parties: Iterable<string>, directory: PayDirectory, hidden: readonly PayKind[]): PayeesView {
  const payees: Record<string, PayDetails> = {};
  for (const party of parties) {
    const shown = shownDetails(party === 'bank' ? directory.bank : directory.players[party], hidden);
    if (shown) payees[party] = shown;
  }
  return { hidden: [...hidden], payees };
}

/** The ended night on the table: the parties owed by its transfers in its settle mode, those marked paid left out. */
export function nightPayees(
  night: NightView | null,
  paid: ReadonlySet<string>,
  directory: PayDirectory,
  hiddenPay: Readonly<Record<string, PayKind[]>>,
): PayeesView | undefined {
  const settlement = night?.phase === 'ended' ? night.settlement : null;
  if (!night || !settlement) return undefined;
  const transfers = settlement.mode === 'banker' ? settlement.banker : settlement.fewest;
  const due = transfers.filter((t) => !paid.has(nightTransferId(night.id, t.from, t.to)));
  return {
    ...payeesOf(
      due.map((t) => t.to),
      directory,
      hiddenPay[night.id] ?? [],
    ),
    due,
  };
}

/** The running tab: the parties it owes, with the kinds turned off for the most recent ended night left out (the host's latest choice). */
export function tabPayees(
  tab: RunningTab,
  index: readonly NightSummary[],
  directory: PayDirectory,
  hiddenPay: Readonly<Record<string, PayKind[]>>,
): PayeesView {
  const latest = [...index].reverse().find((s) => s.endedAt !== null);
  return payeesOf(
    tab.tab.map((t) => t.to),
    directory,
    latest ? (hiddenPay[latest.id] ?? []) : [],
  );
}

export type PayDetailsChange =
  | { ok: true; party: 'bank'; details: PayDetails }
  | { ok: true; party: 'player'; roster: StoredRosterPlayer[] }
  | { ok: false; error: CommandError };

/**
 * A party's new details checked (the IBAN's checksum with ibantools, the
 * BIC), in the form they are kept; a refusal says what is wrong and changes
 * nothing.
 */
export function changedPayDetails(args: ParsedCommandArgs<'setPayDetails'>, roster: readonly StoredRosterPlayer[]): PayDetailsChange {
  const details = normalisePayDetails(args.pay);
  const problem = payDetailsProblem(details);
  if (problem?.code === 'bad-iban') {
    const why = {
      format: 'is not an IBAN (two letters, two digits, then the account)',
      checksum: 'has a mistyped character (its checksum is wrong)',
      'not-sepa': 'is from a country outside SEPA',
    }[problem.reason];
    return {
      ok: false,
      error: commandError('bad-iban', `The IBAN ${problem.iban} ${why}: nothing was saved.`, undefined, {
        iban: problem.iban,
        reason: problem.reason,
      }),
    };
  }
  if (problem?.code === 'bad-bic') {
    const why =
      problem.reason === 'needed'
        ? 'This account’s country is outside the EEA: its BIC is needed'
        : `The BIC ${problem.bic} is not 8 or 11 letters and digits`;
    return {
      ok: false,
      error: commandError('bad-bic', `${why}: nothing was saved.`, undefined, { bic: problem.bic, reason: problem.reason }),
    };
  }
  if (args.party === 'bank') return { ok: true, party: 'bank', details };
  if (!roster.some((p) => p.id === args.party)) {
    return {
      ok: false,
      error: commandError('unknown-player', `There is no player "${args.party}" in the roster.`, undefined, { player: args.party }),
    };
  }
  const kept = hasPayDetails(details) ? details : undefined;
  return {
    ok: true,
    party: 'player',
    roster: roster.map((p) => {
      if (p.id !== args.party) return p;
      const { pay: _old, ...rest } = p;
      return kept ? { ...rest, pay: kept } : rest;
    }),
  };
}
