import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRepo } from './checkDocLinks';
import { findDeadDocLinks, githubSlug, internalNames, README_MAX_LINES, type CodeFacts } from './lib/docLinks';

// Citations are assembled here so that this file itself cites nothing.
const DESIGN = 'docs/' + 'design.md';
const GUIDE = 'docs/' + 'guide.md';
const cite = (doc: string, section: string): string => `${doc} "${section}"`;

const design = ['# How it is built', '', '## Layers', '', '## Two windows, four roles', '', '## Money on the screen (M2, M3)', ''].join(
  '\n',
);

function check(files: Record<string, string>, directories: string[] = [], facts?: CodeFacts) {
  return findDeadDocLinks(new Map(Object.entries({ [DESIGN]: design, ...files })), new Set(directories), facts);
}

// Tracker numbers and tags are assembled too, so that this file holds none.
const ISSUE = 'iss' + 'ue';
const PR = 'P' + 'R';
const GH = 'G' + 'H-';
const NOTES = 'docs/' + 'notes.md';
const INTERNAL = '@' + 'internal';
const REGISTRY: CodeFacts = {
  commands: new Set(['bet', 'groupPairStart', 'groupPairJoin', 'groupUnpair']),
  roles: ['host', 'table', 'phone', 'peer'],
};

describe('the docs check run by npm run lint', () => {
  it('finds nothing dead in the repo as it is', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(checkRepo(root).findings).toEqual([]);
  }, 30_000);

  it('fails on a source comment citing a section the doc does not have, naming the file, the line and the section', () => {
    const findings = check({
      'src/main/a.ts': `/**\n * The one writer (${cite(DESIGN, 'One writer')}).\n */\n`,
      'src/main/b.ts': `/** The windows (${cite(DESIGN, 'Two windows, four roles')}). */\n`,
    });
    expect(findings).toEqual([
      { file: 'src/main/a.ts', line: 2, message: `cites ${DESIGN} "One writer", a section ${DESIGN} does not have` },
    ]);
  });

  it('reads a cited section wrapped onto the next comment line, and a heading cited without its parenthesis', () => {
    const wrapped = `/**\n * Who may send (${DESIGN} "Two windows,\n * four roles"); money (${DESIGN}, "Money on the screen").\n */\n`;
    expect(check({ 'src/c.ts': wrapped })).toEqual([]);
    expect(check({ 'src/c.ts': wrapped.replace('four roles', 'five roles') })).toHaveLength(1);
  });

  it('fails on a cited doc that does not exist, and on a named doc file that does not exist', () => {
    const missing = 'docs/' + 'gone.md';
    const findings = check({ 'src/d.ts': `// ${cite(missing, 'Layers')}\n// see ${missing}\n` });
    expect(findings.map((f) => f.message)).toEqual([
      `cites ${missing} "Layers", but there is no ${missing}`,
      `names ${missing}, which does not exist`,
      `names ${missing}, which does not exist`,
    ]);
  });

  it('fails on a markdown link to a missing file or anchor, and accepts GitHub anchors, numbered repeats and folders', () => {
    const guide = [
      '# Guide',
      '## Where the data lives',
      '## Notes',
      '## Notes',
      '[ok](#where-the-data-lives) [ok](#notes-1) [ok](design.md#two-windows-four-roles)',
      '[ok](screenshots/) [ok](../README.md) <img src="screenshots/a.png" width="9">',
      '[dead](#where-data-lives) [dead](design.md#money)',
      '[dead, wrapped',
      'over a line](missing.md) `[code](not-a-link.md)`',
      '```',
      '[code](not-a-link.md)',
      '```',
    ].join('\n');
    const findings = check({ [GUIDE]: guide, 'README.md': '# Readme\n', 'docs/screenshots/a.png': '' }, ['docs', 'docs/screenshots']);
    expect(findings).toEqual([
      { file: GUIDE, line: 7, message: `link #where-data-lives: no heading with the anchor #where-data-lives in ${GUIDE}` },
      { file: GUIDE, line: 7, message: `link design.md#money: no heading with the anchor #money in ${DESIGN}` },
      { file: GUIDE, line: 9, message: 'link missing.md: no such file' },
    ]);
  });

  it('fails on a link that leaves the repo', () => {
    const findings = check({ [GUIDE]: '[the rules](../../shared/RULES.md)\n' });
    expect(findings).toEqual([{ file: GUIDE, line: 1, message: 'link ../../shared/RULES.md: points outside the repo' }]);
  });

  it(`fails on a README longer than ${README_MAX_LINES} lines`, () => {
    expect(check({ 'README.md': 'line\n'.repeat(README_MAX_LINES) })).toEqual([]);
    expect(check({ 'README.md': 'line\n'.repeat(README_MAX_LINES + 1) })[0]?.message).toMatch(/201 lines; at most 200/);
  });

  it("makes GitHub's anchors: punctuation dropped, spaces to hyphens, letters of any script kept", () => {
    expect(githubSlug("The TV's layout audit")).toBe('the-tvs-layout-audit');
    expect(githubSlug('2026-11-23 21:50 UTC: three quiet runs')).toBe('2026-11-23-2150-utc-three-quiet-runs');
    expect(githubSlug('House settings (R26-R34)')).toBe('house-settings-r26-r34');
    expect(githubSlug('Café à 3')).toBe('café-à-3');
  });

  it('fails on a tracker number in code, tests, scripts and docs, and says to write the reason out', () => {
    const findings = check({
      'src/main/a.ts': `// names up to 12 characters (${ISSUE} 26)\n`,
      'e2e/b.spec.ts': `/** ${ISSUE[0]?.toUpperCase()}${ISSUE.slice(1)} #29: the board */\n`,
      'scripts/c.ts': `// see ${PR} #12 and ${GH}7\n`,
      [NOTES]: `What the profiles of ${ISSUE} 29 showed.\n`,
      'README.md': `# Readme\n\nFixed in ${ISSUE}s 3.\n`,
      'vendor/d.ts': `// ${ISSUE} 5: not the repo's own text\n`,
    });
    expect(findings.map((f) => `${f.file}:${f.line} ${f.message.split(':')[0]}`)).toEqual([
      `${NOTES}:1 says "${ISSUE} 29"`,
      `e2e/b.spec.ts:1 says "${ISSUE[0]?.toUpperCase()}${ISSUE.slice(1)} #29"`,
      `README.md:3 says "${ISSUE}s 3"`,
      `scripts/c.ts:1 says "${PR} #12"`,
      `scripts/c.ts:1 says "${GH}7"`,
      `src/main/a.ts:1 says "${ISSUE} 26"`,
    ]);
    expect(check({ 'src/e.ts': '// an issue with 3 players; tissue 4\n' })).toEqual([]);
  });

  it('fails on a code path a doc names that does not exist, checking a glob or a placeholder up to its folder', () => {
    const guide = [
      '# Guide',
      'The door is src/main/session/door.ts, and `src/main/session/gone.ts` is dead.',
      'Handlers live in `src/main/session/domains/<name>.ts`; the shell is src/main/electron/**.',
      'The pages are in src/phone/ and e2e/browser/, screenshots in e2e/artifacts/screenshots.',
      'The view is built by `view/sessionView.ts` and `session/night/nightPlay.ts`, then `host/server`.',
      '```',
      'src/in/a/fence.ts is checked too',
      '```',
    ].join('\n');
    const files = {
      [GUIDE]: guide,
      'src/main/session/door.ts': '',
      'src/main/session/view/sessionView.ts': '',
      'src/main/host/server.ts': '',
    };
    const directories = ['src', 'src/main', 'src/main/session', 'src/main/session/domains', 'src/main/electron', 'e2e', 'e2e/browser'];
    expect(check(files, directories).map((f) => `${f.line} ${f.message}`)).toEqual([
      '2 names src/main/session/gone.ts, which does not exist',
      '4 names src/phone/, which does not exist',
      '5 names session/night/nightPlay.ts, which no file of the repo is',
      '7 names src/in/a/fence.ts, which does not exist',
    ]);
  });

  it('fails on a command a doc names that the registry does not have, in any of the ways docs name commands', () => {
    const guide = [
      '# Guide',
      "Pairing takes the console's three commands (`groupPairStart`, `groupPairJoin`,",
      '`groupUnpair`) and the `groupPairStop` command; the `placeBet` and `bet` commands;',
      'the command `hidePay`. Not commands: the `command` event, the `table` role,',
      'the commands (`type` and arguments), `bet` lines.',
      '```',
      'the `inFence` command',
      '```',
    ].join('\n');
    expect(check({ [GUIDE]: guide }, [], REGISTRY).map((f) => `${f.line} ${f.message}`)).toEqual([
      '3 names the command `groupPairStop`, which src/shared/registry.ts does not have',
      '3 names the command `placeBet`, which src/shared/registry.ts does not have',
      '4 names the command `hidePay`, which src/shared/registry.ts does not have',
    ]);
    expect(check({ [GUIDE]: guide }), 'without the registry, no command is checked').toEqual([]);
  });

  it(`fails when a doc miscounts the names carrying ${INTERNAL}, and when docs/development.md does not count them`, () => {
    const code = {
      'src/a.ts': `/**\n * A test's way in.\n * ${INTERNAL} exported for tests only\n */\nexport const a = 1;\n`,
      'scripts/b.ts': `export { /** ${INTERNAL} */ b, /** ${INTERNAL} */ c } from './c';\n// the word ${INTERNAL} in a comment is no tag\n`,
    };
    expect(internalNames(new Map(Object.entries(code)))).toBe(3);
    const development = (n: number): string => `# Development\n\nSo it says so.\n${n} names carry \`${INTERNAL}\`; any other fails.\n`;
    expect(check({ ...code, 'docs/development.md': development(3) })).toEqual([]);
    expect(check({ ...code, 'docs/development.md': development(101) })).toEqual([
      { file: 'docs/development.md', line: 4, message: `says 101 names carry ${INTERNAL}; 3 do` },
    ]);
    expect(check({ ...code, 'docs/development.md': '# Development\n' })[0]?.message).toMatch(/does not say how many names carry/);
  });

  it('fails when a doc counts the roles otherwise than the registry', () => {
    const guide = '# Guide\n\n## Two windows, four roles\n\nThree roles: the host, the table and a phone.\n';
    expect(check({ [GUIDE]: guide }, [], REGISTRY)).toEqual([
      { file: GUIDE, line: 5, message: 'says Three roles; src/shared/registry.ts has 4 (host, table, phone, peer)' },
    ]);
  });
});
