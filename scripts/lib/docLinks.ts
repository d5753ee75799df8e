import path from 'node:path';

/**
 * Docs that cannot drift: every markdown link and anchor in the repo's `.md`
 * files, and every doc section a file cites by name (the doc's path, then the
 * section's heading in double quotes), must exist, and no link may leave the repo. Pure: it reads
 * the files it is given, so a test can hand it a dead citation. In markdown,
 * code (fenced blocks, inline spans) is neither a link nor a citation.
 *
 * What the code can check, the docs may not get wrong: a `src/`, `e2e/`,
 * `scripts/` or `harness/` path a doc names must exist; a command a doc names as one must be
 * in the command registry; a count a doc states that the files can give (the
 * names knip's tag marks as exported for tests only, the roles) must be that count. And no file says
 * where its reason lives by a tracker's number: the reason is written out.
 */

/** The repo's text files, by path relative to its root with `/` separators. */
export type RepoFiles = ReadonlyMap<string, string>;

export interface DocFinding {
  file: string;
  line: number;
  message: string;
}

/**
 * The README is read in two minutes: at most this many lines.
 * @internal exported for tests only
 */
export const README_MAX_LINES = 200;

/** What the code knows that the files' text alone does not: read from the registry by the caller. */
export interface CodeFacts {
  /** Every command name of src/shared/registry.ts's COMMAND_REGISTRY. */
  commands: ReadonlySet<string>;
  /** src/shared/registry.ts's ROLES. */
  roles: readonly string[];
}

export function findDeadDocLinks(files: RepoFiles, directories: ReadonlySet<string>, facts?: CodeFacts): DocFinding[] {
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
    if (TRACKED.test(file)) findings.push(...trackerNumbers(file, text));
    if (file.endsWith('.md')) {
      findings.push(...deadPaths(file, text, files, directories));
      findings.push(...wrongCounts(file, text, files, facts));
      if (facts) findings.push(...unknownCommands(file, text, facts.commands));
    }
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

/** The repo's own text: code, tests, scripts and docs. */
const TRACKED = /^(?:src|e2e|scripts|harness|docs)\/|^README\.md$/;

/** A number after "issue", "ticket", "bug", "PR" or "pull request" (with or without `#`), or "GH-" and a number: only a tracker can read it. */
const TRACKER_NUMBER = /\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)[ \t]*(?:#|no\.[ \t]*)?[ \t]*\d+\b|\bGH-\d+\b/gi;

function trackerNumbers(file: string, text: string): DocFinding[] {
  const findings: DocFinding[] = [];
  for (const match of text.matchAll(TRACKER_NUMBER)) {
    findings.push({
      file,
      line: lineOf(text, match.index),
      message: `says "${match[0]}": write what the code or test does instead of a tracker's number`,
    });
  }
  return findings;
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/**
 * A path into the repo's code, as docs write it (`src/main/session/door.ts`, `e2e/browser/`,
 * `src/main/electron/**`, `src/main/session/domains/<name>.ts`). A glob or a placeholder is
 * checked up to the folder before it.
 */
const CODE_PATH = /(?<![\w/.@-])(?:src|e2e|scripts|harness)\/[\w./@*<>{}-]*/g;
/** Written by the tests and the bench, not kept in the repo. */
const GENERATED = ['e2e/artifacts'];

/**
 * A module named in backticks by its path within its layer (`session/door.ts`,
 * `composables/useCommand.ts`): some file of the repo must end with it.
 */
const SHORT_MODULE_PATH = /`((?![./])[\w.-]+(?:\/[\w.-]+)+\.(?:ts|vue))`/g;

function deadPaths(file: string, markdown: string, files: RepoFiles, directories: ReadonlySet<string>): DocFinding[] {
  const findings: DocFinding[] = [];
  const prose = withoutFences(markdown);
  for (const match of prose.matchAll(SHORT_MODULE_PATH)) {
    const named = match[1] ?? '';
    if (/^(?:src|e2e|scripts|harness)\//.test(named)) continue;
    if (![...files.keys()].some((f) => f.endsWith('/' + named)))
      findings.push({ file, line: lineOf(prose, match.index), message: `names ${named}, which no file of the repo is` });
  }
  for (const match of markdown.matchAll(CODE_PATH)) {
    const named = match[0].replace(/[.]+$/, '');
    const wild = named.search(/[*<>{}]/);
    const exact = wild < 0;
    const checked = (exact ? named : named.slice(0, named.lastIndexOf('/', wild))).replace(/\/$/, '');
    if (GENERATED.some((g) => checked === g || checked.startsWith(g + '/'))) continue;
    const exists = directories.has(checked) || (exact && ['', '.ts', '.vue', '/index.ts'].some((ending) => files.has(checked + ending)));
    if (!exists) findings.push({ file, line: lineOf(markdown, match.index), message: `names ${named}, which does not exist` });
  }
  return findings;
}

/** A command name as the registry spells it, in backticks. */
const NAME = '`([a-z][A-Za-z0-9]*)`';
const NAMES = `${NAME}(?:(?:,|,? and|,? or)\\s+${NAME})*`;
/**
 * Where a doc names commands: "command `x`", "`x` command", "`x` and `y` commands", "commands
 * (`x`, `y` and `z`)". Prose only (outside fenced code), lines joined so a list may wrap.
 */
const COMMAND_MENTIONS = [
  new RegExp(`\\bcommands?:?\\s+${NAME}`, 'g'),
  new RegExp(`${NAMES}\\s+commands?\\b`, 'g'),
  new RegExp(`\\bcommands?\\s*\\(\\s*${NAMES}\\s*\\)`, 'g'),
];

function unknownCommands(file: string, markdown: string, commands: ReadonlySet<string>): DocFinding[] {
  const prose = proseLines(markdown);
  const joined = prose.map((l) => l.text).join('\n');
  const lineAt = (offset: number): number => prose[joined.slice(0, offset).split('\n').length - 1]?.line ?? 1;
  const findings = new Map<string, DocFinding>();
  for (const mention of COMMAND_MENTIONS) {
    for (const match of joined.matchAll(mention)) {
      for (const name of match[0].matchAll(/`([a-z][A-Za-z0-9]*)`/g)) {
        const command = name[1] ?? '';
        if (commands.has(command)) continue;
        const line = lineAt(match.index + (name.index ?? 0));
        findings.set(`${line}:${command}`, {
          file,
          line,
          message: `names the command \`${command}\`, which src/shared/registry.ts does not have`,
        });
      }
    }
  }
  return [...findings.values()];
}

/** knip's JSDoc tag for a name exported for tests only, as it opens a doc comment or a line of one. */
const INTERNAL_TAG = /(?:\/\*\*[ \t]*|^[ \t]*\*[ \t]*)@internal\b/gm;

/**
 * How many names of src, scripts and e2e carry the tag.
 * @internal exported for tests only
 */
export function internalNames(files: RepoFiles): number {
  let count = 0;
  for (const [file, text] of files) {
    if (/^(?:src|scripts|e2e)\/.*\.(?:ts|vue)$/.test(file)) count += [...text.matchAll(INTERNAL_TAG)].length;
  }
  return count;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countOf = (written: string): number => {
  const word = NUMBER_WORDS.indexOf(written.toLowerCase());
  return word >= 0 ? word : Number(written.replace(/,/g, ''));
};

/**
 * Counts a doc states that the files can give: "N names carry" knip's tag for tests (in backticks) and "N roles"
 * (the registry's ROLES). docs/development.md must state the first.
 */
function wrongCounts(file: string, markdown: string, files: RepoFiles, facts: CodeFacts | undefined): DocFinding[] {
  const findings: DocFinding[] = [];
  const prose = withoutFences(markdown);
  let internalStated = false;
  for (const match of prose.matchAll(/\b(\d[\d,]*) names carry\s+`@internal`/g)) {
    internalStated = true;
    const stated = countOf(match[1] ?? '');
    const counted = internalNames(files);
    if (stated !== counted)
      findings.push({ file, line: lineOf(prose, match.index), message: `says ${stated} names carry @internal; ${counted} do` });
  }
  if (file === 'docs/development.md' && !internalStated)
    findings.push({ file, line: 1, message: 'does not say how many names carry `@internal` ("N names carry `@internal`")' });
  if (facts) {
    const pattern = new RegExp(`\\b(${NUMBER_WORDS.join('|')}|\\d+) roles\\b`, 'gi');
    for (const match of prose.matchAll(pattern)) {
      const stated = countOf(match[1] ?? '');
      if (stated !== facts.roles.length)
        findings.push({
          file,
          line: lineOf(prose, match.index),
          message: `says ${match[0]}; src/shared/registry.ts has ${facts.roles.length} (${facts.roles.join(', ')})`,
        });
    }
  }
  return findings;
}

/** Markdown with its fenced code blanked out, every line kept in place (inline code kept). */
function withoutFences(markdown: string): string {
  const prose = new Set(proseLines(markdown).map((l) => l.line));
  return markdown
    .split('\n')
    .map((text, index) => (prose.has(index + 1) ? text : ''))
    .join('\n');
}
