import { z } from 'zod';
import canonicalize from 'canonicalize';
import { sha256Hex } from '../../shared/sha256';
import { rotationStatement, verifySignature, type LaptopSigner } from '../night';
import { nightIdSchema } from '../store';
import { groupIdSchema, laptopIdSchema, laptopNameSchema } from './groupFile';

/**
 * A laptop's manifest (docs/group.md): every file of its subfolder with its
 * length and sha256, written AFTER the files. A file is taken only when it
 * is listed and its bytes match: a half-copied file, a sync tool's
 * temporary or conflict copy, or anything not listed is never read as whole.
 */

export const MANIFEST_NAME = 'manifest.json';
export const DOCS_NAME = 'docs.yjs';
export const MANIFEST_FORMAT = 'in-between-dealer/group-laptop';

/** The names a laptop's subfolder may hold: its group documents and its ended nights. */
const fileNameSchema = z.string().refine(isFileName, 'a night file is nights/<night id>.jsonl');

const listedFileSchema = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/** @internal exported for tests only */
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  groupId: groupIdSchema,
  laptopId: laptopIdSchema,
  laptopName: laptopNameSchema,
  writtenAt: z.string(),
  /**
   * Grows by one with each manifest its laptop writes (0 in manifests written before it): a copy of this laptop's own
   * id in a group folder with a seq at least this laptop's and other bytes was written by another laptop (a copied data
   * folder, docs/group.md "One id, one laptop"); an older one is a sync tool being late.
   */
  seq: z.number().int().nonnegative().default(0),
  files: z.record(fileNameSchema, listedFileSchema),
  /** R35: the laptop's public key (64 hex) and its signature of everything else here (128 hex); absent before signing. */
  publicKey: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  signature: z
    .string()
    .regex(/^[0-9a-f]{128}$/)
    .optional(),
  /**
   * The keys this laptop signed with before, oldest first: each hands over to the next (`to`, the last to
   * `publicKey`) by its own signature of `rotationStatement` (docs/group.md "Keys that change"); absent: none.
   */
  rotations: z
    .array(
      z.object({
        from: z.string().regex(/^[0-9a-f]{64}$/),
        to: z.string().regex(/^[0-9a-f]{64}$/),
        signature: z.string().regex(/^[0-9a-f]{128}$/),
      }),
    )
    .optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;
/** One hand-over from a laptop's key to its next, signed by the key it replaces. */
export type KeyRotation = NonNullable<Manifest['rotations']>[number];
export type ListedFile = z.infer<typeof listedFileSchema>;
/** A laptop's files by name (`docs.yjs`, `nights/<id>.jsonl`), as a transport hands them over. */
export type LaptopFiles = ReadonlyMap<string, Uint8Array>;

/** One test per name, not a union of schemas: a manifest lists a file per night, thousands of them, read at every start-up. */
function isFileName(name: string): boolean {
  if (name === DOCS_NAME) return true;
  const nightId = nightIdOfFile(name);
  return nightId !== null && nightIdSchema.safeParse(nightId).success;
}

export function nightFileName(nightId: string): string {
  return `nights/${nightId}.jsonl`;
}

/** The night id of `nights/<id>.jsonl`, or null for any other name. */
export function nightIdOfFile(name: string): string | null {
  const match = /^nights\/([^/]+)\.jsonl$/.exec(name);
  return match ? (match[1] ?? null) : null;
}

export function listed(bytes: Uint8Array): ListedFile {
  return { bytes: bytes.byteLength, sha256: sha256Hex(bytes) };
}

/** Whether `bytes` is the whole file the manifest lists. */
export function isWhole(entry: ListedFile | undefined, bytes: Uint8Array | undefined): boolean {
  return entry !== undefined && bytes !== undefined && bytes.byteLength === entry.bytes && sha256Hex(bytes) === entry.sha256;
}

/** A manifest from its bytes, or the reason it is not one. */
export function parseManifest(bytes: Uint8Array): { ok: true; manifest: Manifest } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return { ok: false, reason: 'the manifest is not JSON (cut short or damaged)' };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `the manifest is not one: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
  }
  return { ok: true, manifest: parsed.data };
}

/** What a laptop signs of its manifest: every field but the signature, as RFC 8785 canonical JSON under the statement's name. */
function manifestStatement(manifest: Manifest): string {
  const { signature: _signature, ...signed } = manifest;
  return `in-between-dealer/group-manifest\n${canonicalize(signed) ?? ''}`;
}

/** The manifest signed by `signer` (its key written in), or as it is when there is no signer. */
export function signManifest(manifest: Manifest, signer: LaptopSigner | undefined): Manifest {
  if (!signer) return manifest;
  const { signature: _old, ...unsigned } = manifest;
  const withKey: Manifest = { ...unsigned, publicKey: signer.publicKey };
  return { ...withKey, signature: signer.sign(manifestStatement(withKey)) };
}

/**
 * Whether the manifest's key takes over from `held` by a chain of rotations each signed by the key it replaces
 * (docs/group.md "Keys that change"): a laptop that missed several rotations still follows them all.
 */
export function rotatesFrom(manifest: Manifest, held: string): boolean {
  let key = held;
  for (const step of manifest.rotations ?? []) {
    if (step.from !== key) continue;
    if (!verifySignature(key, rotationStatement(manifest.groupId, manifest.laptopId, step.from, step.to), step.signature)) return false;
    key = step.to;
  }
  return key === manifest.publicKey;
}

/** Whether the manifest's signature checks against `publicKey`. */
export function manifestSignedBy(manifest: Manifest, publicKey: string): boolean {
  return manifest.signature !== undefined && verifySignature(publicKey, manifestStatement(manifest), manifest.signature);
}

export function manifestBytes(manifest: Manifest): Uint8Array {
  return Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`, 'utf8');
}
