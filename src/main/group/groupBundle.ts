import { z } from 'zod';
import { groupIdSchema, groupNameSchema, laptopIdSchema } from './groupFile';
import type { GroupHistory, ReceiveReport } from './groupHistory';

/**
 * A group in one file (docs/group.md "The three transports"): every laptop's subfolder of
 * the mirror, each file as base64 under its name, manifests included. An
 * import hands each laptop's files to the one way in, complete: it merges,
 * never replaces, and importing the same file twice changes nothing.
 */

export const BUNDLE_FORMAT = 'in-between-dealer/group-export';

const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(1),
  groupId: groupIdSchema,
  name: groupNameSchema,
  exportedAt: z.string(),
  laptops: z.array(z.object({ laptopId: laptopIdSchema, files: z.record(z.string(), z.base64()) })),
});

export type GroupBundle = z.infer<typeof bundleSchema>;

export function bundleText(group: GroupHistory, now: Date): string {
  const bundle: GroupBundle = {
    format: BUNDLE_FORMAT,
    version: 1,
    groupId: group.file.groupId,
    name: group.file.name,
    exportedAt: now.toISOString(),
    laptops: group.laptops().map((laptopId) => ({
      laptopId,
      files: Object.fromEntries([...group.laptopFiles(laptopId)].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')])),
    })),
  };
  return `${JSON.stringify(bundle)}\n`;
}

/** A bundle read from its text, or the reason it is not one. */
export function parseBundle(text: string): { ok: true; bundle: GroupBundle } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not a group export (not JSON, or cut short)' };
  }
  const parsed = bundleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `it is not a group export of this app: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() };
  }
  return { ok: true, bundle: parsed.data };
}

/** Merges a bundle of this group into the laptop's mirror, laptop by laptop (this laptop's own files are its own: skipped). */
export function importBundle(group: GroupHistory, bundle: GroupBundle): ReceiveReport[] {
  return bundle.laptops
    .filter((laptop) => laptop.laptopId !== group.laptopId)
    .map((laptop) =>
      group.receiveLaptopFiles(
        laptop.laptopId,
        new Map(Object.entries(laptop.files).map(([name, base64]) => [name, Buffer.from(base64, 'base64')])),
        { complete: true },
      ),
    );
}
