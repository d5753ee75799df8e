import { recordStatement, verifySignature } from '../night';
import type { NightRecord } from './nightIntake';

/**
 * Intake by proof (R35, docs/group.md "Signed nights"): a night from another
 * laptop counts only if its chain and its signature check against the key
 * the group holds for the laptop that shares it. An unsigned night (shared
 * before nights were signed) counts only from a laptop the group holds no
 * key for yet; it is marked so wherever it is shown.
 */
export type NightProof = { ok: true; signed: boolean } | { ok: false; reason: string };

export function proveNight(
  nightId: string,
  laptop: { id: string; name: string; key: string | undefined },
  record: NightRecord,
): NightProof {
  const { signature } = record;
  if (!signature) {
    if (laptop.key === undefined) return { ok: true, signed: false };
    return {
      ok: false,
      reason: `it is not signed, but ${laptop.name} signs its nights: a copy changed after it was written, or a forgery`,
    };
  }
  if (signature.laptop !== laptop.id)
    return { ok: false, reason: `it is signed by another laptop (${signature.laptop}), not ${laptop.name}` };
  if (laptop.key !== undefined && signature.key !== laptop.key)
    return { ok: false, reason: `it is signed with a key that is not the one this group holds for ${laptop.name}` };
  const head = record.heads.at(-1) ?? '';
  if (!verifySignature(signature.key, recordStatement(nightId, laptop.id, record.heads.length, head), signature.sig))
    return {
      ok: false,
      reason: `its signature does not check against ${laptop.name}'s key: it was changed after ${laptop.name} signed it`,
    };
  return { ok: true, signed: true };
}

/** Whether a copy holding `heads` extends the copy held, whose chain ends at `heldHead` after `heldLines` lines. */
export function extendsChain(heads: readonly string[], held: { lines: number; head: string }): boolean {
  return held.lines === 0 || heads[held.lines - 1] === held.head;
}
