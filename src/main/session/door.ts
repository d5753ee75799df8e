import {
  COMMAND_REGISTRY,
  commandError,
  forbiddenRoleError,
  isCommandName,
  type CommandError,
  type CommandName,
  type Role,
} from '../../shared';

/**
 * The one door every command comes through, whatever brought it (the
 * windows' IPC, the headless host's WebSocket, the phones' listener, a
 * transport still to come): `GameSession.run(role, command, args)` asks
 * here first. A name the registry does not know, or a command the sender's
 * role may not send (src/shared/registry.ts), is refused before anything
 * runs; the arguments are then checked against the command's zod schema and
 * the handler checks the state it was sent for (`stateId`). A transport
 * only says who is asking; it decides nothing (lint keeps `roleMaySend`
 * in this file alone).
 */

/** Whether `role` may send `command`: the registry's roles, read here only. */
function roleMaySend(role: Role, command: CommandName): boolean {
  const policy: { readonly roles: readonly Role[] } | undefined = COMMAND_REGISTRY[command];
  return policy !== undefined && policy.roles.includes(role);
}

/** Let in (the command, known), or refused with what to tell the sender; nothing has run either way. */
export function admit(role: Role, command: unknown): { ok: true; command: CommandName } | { ok: false; error: CommandError } {
  if (!isCommandName(command)) return { ok: false, error: commandError('invalid-input', `There is no command "${String(command)}".`) };
  if (!roleMaySend(role, command)) return { ok: false, error: forbiddenRoleError(role, command) };
  return { ok: true, command };
}
