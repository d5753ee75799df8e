import type { CommandError, CommandName, DataOf, ParsedCommandArgs, WithData } from '../../shared';
import { commandError } from '../../shared';

/** What a handler says: done (with `data` for a question, typed `Data`), or refused with nothing changed. */
export type Outcome<Data = undefined> = ({ ok: true } & WithData<Data>) | { ok: false; error: CommandError };

/**
 * One command's handler: its arguments as its schema parsed them
 * (shared/commands.ts), its answer the one the command's callers read
 * (`DataOf`, shared/api.ts), so a wrong answer shape does not compile.
 */
export type Handler<K extends CommandName> = (args: ParsedCommandArgs<K>) => Outcome<DataOf<K>>;

/** A domain's handlers: exactly the commands `K`, no more (an object literal with another key does not compile). */
export type HandlerMap<K extends CommandName> = { readonly [C in K]: Handler<C> };

export const DONE: Outcome = Object.freeze({ ok: true });

export function refused(error: CommandError): { ok: false; error: CommandError } {
  return { ok: false, error };
}

/**
 * Writes what a command changed; if the disk refuses, the command is refused
 * with a storage error saying what was not saved (`failure`, e.g. "The roster
 * could not be saved, so nothing changed") and `undo` puts back what was
 * taken before the write. The caller keeps its new state only on success.
 */
export function saveOrRefuse(write: () => void, failure: string, undo?: () => void): Outcome {
  try {
    write();
    return DONE;
  } catch (error) {
    undo?.();
    return refused(commandError('storage', `${failure}: ${(error as Error).message}`));
  }
}

/** Settings and the index are derived; a failed write of them is repaired at the next start. */
export function saveQuietly(write: () => void): void {
  try {
    write();
  } catch {
    // The journal is the record: the index is rebuilt from it, the carry derived from it.
  }
}
