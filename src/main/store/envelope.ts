import type { z } from 'zod';
import { issueText } from '../../shared/zodIssue';
import { CURRENT_VERSION, FILE_SCHEMAS, FORMATS, type FileKind } from './schemas';

/**
 * A document in its envelope: the format and version it is written in
 * (docs/night-journal.md "Around the journals"), then its content. The
 * repository's saves, the restore's staged files and the backup all wrap
 * their documents here.
 */
export function envelope(kind: FileKind, content: object): Record<string, unknown> {
  return { format: FORMATS[kind], version: CURRENT_VERSION[kind], ...content };
}

/** A document in its envelope, checked against its schema: the app never writes what it could not read back. */
export function checkedEnvelope<K extends FileKind>(kind: K, content: object, what: string): z.infer<(typeof FILE_SCHEMAS)[K]> {
  const parsed = FILE_SCHEMAS[kind].safeParse(envelope(kind, content));
  if (!parsed.success) throw new Error(`refusing to ${what}: it would not match ${FORMATS[kind]} (${describeIssues(parsed.error)})`);
  return parsed.data as z.infer<(typeof FILE_SCHEMAS)[K]>;
}

/** The first few problems zod found, with where. */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => issueText(issue, '(top)'));
  const more = error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : '';
  return shown.join('; ') + more;
}
