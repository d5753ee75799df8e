import type { CommandName } from '../../shared';

/** One command a bot or the host's script sends to the table: its registry name and arguments. */
export interface Action {
  command: CommandName;
  args: Record<string, unknown>;
}
