import path from 'node:path';

/**
 * Docs that cannot drift: every markdown link and anchor in the repo's `.md`
 * files, and every doc section a file cites by name (the doc's path, then the
 * section's heading in double quotes), must exist, and no link may leave the repo. Pure: it reads
 * the files it is given, so a test can hand it a dead citation. In markdown,
 * code (fenced blocks, inline spans) is neither a link nor a citation.
 */

/** The repo's text files, by path relative to its root with `/` separators. */
export type RepoFiles = ReadonlyMap<string, string>;

export interface DocFinding {
  file: string;
  line: number;
  message: string;
}

/**
 * The README is read in two minutes: at most this many lines (issue 27).
 * @internal exported for tests only
 */
export const README_MAX_LINES = 200;

export function findDeadDocLinks(files: RepoFiles, directories: ReadonlySet<string>): DocFinding[] {
  const headingsOf = new Map<string, Heading[]>();
  const headings = (file: string): Heading[] | undefined => {
    const text = files.get(file);
    if (text === undefined || !file.endsWith('.md')) return undefined;
    let known = headingsOf.get(file);
    if (!known) headingsOf.set(file, (known = markdownHeadings(text)));
    return known;
  };
  const findings: DocFinding[] = [];
  for (const [file, text] of files) {
    if (file.endsWith('.md')) findings.push(...deadMarkdownLinks(file, text, files, directories, headings));
    findings.push(...deadCitations(file, file.endsWith('.md') ? withoutCode(text) : text, files, headings));
  }
  const readme = files.get('README.md');
  if (readme !== undefined) {
    const lines = readme.replace(/\n$/, '').split('\n').length;
    if (lines > README_MAX_LINES)
      findings.push({
        file: 'README.md',
        line: README_MAX_LINES + 1,
        message: `README.md has ${lines} lines; at most ${README_MAX_LINES} (move the rest into docs/)`,
      });
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

interface Heading {
  /** The heading as read, without its markup, for citations by name. */
  text: string;
  /** Its anchor as GitHub makes it, numbered when the same slug comes again. */
  anchor: string;
}

/** The ATX headings of a markdown file, outside fenced code. */
function markdownHeadings(markdown: string): Heading[] {
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  for (const line of proseLines(markdown)) {
    const match = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/.exec(line.text);
    if (!match?.[1]) continue;
    const text = plainText(match[1]);
    const slug = githubSlug(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    headings.push({ text, anchor: count === 0 ? slug : `${slug}-${count}` });
  }
  return headings;
}

/**
 * GitHub's anchor for a heading (as github-slugger makes it): lower case,
 * punctuation and symbols dropped, each space a hyphen. A few lines, so the
 * lint needs no package of its own.
 * @internal exported for tests only
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Inline markdown reduced to the words a reader sees: code spans, emphasis and links unwrapped. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

interface ProseLine {
  text: string;
  line: number;
}

/** The lines of a markdown file outside fenced code blocks, numbered from 1. */
function proseLines(markdown: string): ProseLine[] {
  const lines: ProseLine[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

/** Markdown with its code blanked out, every line kept in place. */
function withoutCode(markdown: string): string {
  const prose = new Set(proseLines(markdown).map((l) => l.line));
  return markdown
    .split('\n')
    .map((text, index) => (prose.has(index + 1) ? text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)) : ''))
    .join('\n');
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function deadMarkdownLinks(
  file: string,
  markdown: string,
  files: RepoFiles,
  directories: ReadonlySet<string>,
  headings: (file: string) => Heading[] | undefined,
): DocFinding[] {
  // Links may wrap across lines; code (fenced blocks, inline spans) is not a link.
  const prose = proseLines(markdown);
  const joined = prose.map((l) => l.text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length))).join('\n');
  const lineAt = (offset: number): number => prose[joined.slice(0, offset).split('\n').length - 1]?.line ?? 1;
  const findings: DocFinding[] = [];
  const targets = [
    ...[...joined.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ target: m[1] ?? '', at: m.index })),
    ...[...joined.matchAll(/<(?:img|a)\b[^>]*?\s(?:src|href)="([^"]+)"/g)].map((m) => ({ target: m[1] ?? '', at: m.index })),
  ];
  for (const { target, at } of targets) {
    if (EXTERNAL.test(target)) continue;
    const problem = linkProblem(file, target, files, directories, headings);
    if (problem) findings.push({ file, line: lineAt(at), message: `link ${target}: ${problem}` });
  }
  return findings;
}

function linkProblem(
  from: string,
  target: string,
  files: RepoFiles,
  directories: ReadonlySet<string>,
  headings: (file: string) => Heading[] | undefined,
): string | null {
  const hash = target.indexOf('#');
  const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = pathPart === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), pathPart));
  if (resolved.startsWith('../') || resolved === '..' || path.posix.isAbsolute(resolved)) return 'points outside the repo';
  const bare = resolved.replace(/\/$/, '');
  if (!files.has(bare) && !directories.has(bare)) return 'no such file';
  if (anchor === null || anchor === '') return null;
  const known = headings(bare);
  if (!known) return null;
  return known.some((h) => h.anchor === anchor) ? null : `no heading with the anchor #${anchor} in ${bare}`;
}

/**
 * Citations by name: `docs/<name>.md` or `README(.md)`, an optional `,` or
 * `:`, then a section in double quotes, which may wrap onto the next comment
 * line. A bare `docs/<name>.md` must name a file that exists.
 */
const CITATION =
  /\b(README(?:\.md)?|docs\/[\w-]+\.md)[,:]?[ \t]*(?:\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*)?"([^"\n]{1,120}(?:\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*[^"\n]{1,120})?)"/g;
const DOC_FILE = /(?<![\w/.-])docs\/[\w-]+\.md\b/g;

function deadCitations(file: string, text: string, files: RepoFiles, headings: (file: string) => Heading[] | undefined): DocFinding[] {
  const lineAt = (offset: number): number => text.slice(0, offset).split('\n').length;
  const findings: DocFinding[] = [];
  for (const match of text.matchAll(CITATION)) {
    const doc = match[1] === 'README' ? 'README.md' : (match[1] ?? '');
    const section = plainText((match[2] ?? '').replace(/[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' '));
    const known = headings(doc);
    if (!known) {
      findings.push({ file, line: lineAt(match.index), message: `cites ${doc} "${section}", but there is no ${doc}` });
    } else if (!known.some((h) => headingNamed(h.text, section))) {
      findings.push({ file, line: lineAt(match.index), message: `cites ${doc} "${section}", a section ${doc} does not have` });
    }
  }
  for (const match of text.matchAll(DOC_FILE)) {
    if (!files.has(match[0])) findings.push({ file, line: lineAt(match.index), message: `names ${match[0]}, which does not exist` });
  }
  return findings;
}

/** A section is cited by its heading, or by the heading's first words before a colon or parenthesis ("Money on the screen" for "Money on the screen (M2, M3)"). */
function headingNamed(heading: string, cited: string): boolean {
  const norm = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const h = norm(heading);
  const c = norm(cited);
  return h === c || [':', ' (', ','].some((next) => h.startsWith(c + next));
}
