import type { z } from 'zod';

type ZodIssue = z.ZodError['issues'][number];

/** Where a problem zod found lies, as a dotted path ('' for the value itself). */
export function issueField(issue: ZodIssue): string {
  return issue.path.map(String).join('.');
}

/** One problem zod found, as people read it: "path: message", or `top: message` (just the message without `top`) for the value itself. */
export function issueText(issue: ZodIssue, top?: string): string {
  const where = issueField(issue) || top;
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The first problem zod found (issueText), or `fallback` when it names none. */
export function firstIssueText(error: z.ZodError, fallback: string, top?: string): string {
  const issue = error.issues[0];
  return issue ? issueText(issue, top) : fallback;
}
