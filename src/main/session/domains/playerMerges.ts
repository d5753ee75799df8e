import { commandError, type CommandError, type ParsedCommandArgs, type PlayerMergeView, type RosterPlayer } from '../../../shared';
import { mergeProblem, type PlayerMerge } from '../../history';
import type { DealerRepository } from '../../store/repository';

/**
 * One person under many names (history/aliases.ts): the host merges two
 * roster players, or undoes it. The merge is a small document of its own
 * (aliases.json); the player merged away is archived so the lobby stops
 * offering them, and unarchived again (if they were not before) when the
 * merge is undone. The journals are never touched.
 */

/** What merging reads: the roster and merges the session holds, who sits at the open night, and the clock. */
export interface MergeContext {
  repo: DealerRepository;
  roster: readonly RosterPlayer[];
  merges: readonly PlayerMerge[];
  /** The players at the open night (none once it has ended). */
  seated: ReadonlySet<string>;
  now: Date;
}

export type MergeOutcome = { ok: true; roster: RosterPlayer[]; merges: PlayerMerge[] } | { ok: false; error: CommandError };

export function mergePlayers(ctx: MergeContext, args: ParsedCommandArgs<'mergePlayers'>): MergeOutcome {
  const { playerId: from, intoPlayerId: into } = args;
  const problem = mergeProblem(ctx.roster, ctx.merges, from, into);
  if (problem?.code === 'unknown-player') {
    return refused(
      commandError('unknown-player', `There is no player "${problem.player}" in the roster.`, undefined, { player: problem.player }),
    );
  }
  if (problem?.code === 'already-merged') {
    return refused(
      commandError(
        'already-merged',
        `${nameOf(ctx, from)} is already counted as ${nameOf(ctx, problem.into)}: undo that merge first.`,
        undefined,
        {
          name: nameOf(ctx, from),
          into: nameOf(ctx, problem.into),
        },
      ),
    );
  }
  if (problem?.code === 'same-player') return refusedSame(ctx, from, into);
  // A name at tonight's table would change what the leaderboard counts in the middle of the night: merge once it has ended.
  const seated = [from, into].find((id) => ctx.seated.has(id));
  if (seated !== undefined) {
    return refused(
      commandError('player-seated', `${nameOf(ctx, seated)} sits at the open night: merge once it has ended.`, undefined, {
        name: nameOf(ctx, seated),
      }),
    );
  }
  const player = ctx.roster.find((p) => p.id === from) as RosterPlayer;
  const merges = [...ctx.merges, { from, into, at: ctx.now.toISOString(), wasArchived: player.archived }];
  const roster = ctx.roster.map((p) => (p.id === from ? { ...p, archived: true } : p));
  return save(ctx, roster, merges);
}

export function unmergePlayer(ctx: MergeContext, args: ParsedCommandArgs<'unmergePlayer'>): MergeOutcome {
  const merge = ctx.merges.find((m) => m.from === args.playerId);
  if (!ctx.roster.some((p) => p.id === args.playerId)) {
    return refused(
      commandError('unknown-player', `There is no player "${args.playerId}" in the roster.`, undefined, { player: args.playerId }),
    );
  }
  if (!merge) {
    const name = nameOf(ctx, args.playerId);
    return refused(commandError('not-merged', `${name} is counted under their own name: there is no merge to undo.`, undefined, { name }));
  }
  const merges = ctx.merges.filter((m) => m !== merge);
  const roster = ctx.roster.map((p) => (p.id === merge.from ? { ...p, archived: merge.wasArchived } : p));
  return save(ctx, roster, merges);
}

/** The merges as every screen sees them. */
export function mergesView(merges: readonly PlayerMerge[]): PlayerMergeView[] {
  return merges.map(({ from, into, at }) => ({ from, into, at }));
}

/**
 * The aliases document first (it is what counts), then the roster's archived
 * mark; if the roster cannot be written the aliases are put back, so a
 * refusal changes nothing.
 */
function save(ctx: MergeContext, roster: RosterPlayer[], merges: PlayerMerge[]): MergeOutcome {
  try {
    ctx.repo.saveMerges(merges);
  } catch (error) {
    return refused(commandError('storage', `The merge could not be saved, so nothing changed: ${(error as Error).message}`));
  }
  try {
    ctx.repo.saveRoster(roster);
  } catch (error) {
    try {
      ctx.repo.saveMerges(ctx.merges);
    } catch {
      // The roster was not written either: the aliases file alone differs, and the next start reads it as the host's last word.
    }
    return refused(commandError('storage', `The roster could not be saved, so nothing changed: ${(error as Error).message}`));
  }
  return { ok: true, roster, merges };
}

function refusedSame(ctx: MergeContext, from: string, into = from): MergeOutcome {
  return refused(
    commandError(
      'same-player',
      `${nameOf(ctx, from)} cannot be merged into ${nameOf(ctx, into)}: they are already counted as one.`,
      undefined,
      {
        name: nameOf(ctx, from),
        into: nameOf(ctx, into),
      },
    ),
  );
}

function nameOf(ctx: MergeContext, id: string): string {
  return ctx.roster.find((p) => p.id === id)?.name ?? id;
}

function refused(error: CommandError): { ok: false; error: CommandError } {
  return { ok: false, error };
}
