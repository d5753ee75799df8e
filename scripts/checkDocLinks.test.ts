import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRepo } from './checkDocLinks';
import { findDeadDocLinks, githubSlug, README_MAX_LINES } from './lib/docLinks';

// Citations are assembled here so that this file itself cites nothing.
const DESIGN = 'docs/' + 'design.md';
const GUIDE = 'docs/' + 'guide.md';
const cite = (doc: string, section: string): string => `${doc} "${section}"`;

const design = ['# How it is built', '', '## Layers', '', '## Two windows, three roles', '', '## Money on the screen (M2, M3)', ''].join(
  '\n',
);

function check(files: Record<string, string>, directories: string[] = []) {
  return findDeadDocLinks(new Map(Object.entries({ [DESIGN]: design, ...files })), new Set(directories));
}

describe('the docs check run by npm run lint', () => {
  it('finds nothing dead in the repo as it is', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const { files, directories } = readRepo(root);
    expect(findDeadDocLinks(files, directories)).toEqual([]);
  }, 30_000);

  it('fails on a source comment citing a section the doc does not have, naming the file, the line and the section', () => {
    const findings = check({
      'src/main/a.ts': `/**\n * The one writer (${cite(DESIGN, 'One writer')}).\n */\n`,
      'src/main/b.ts': `/** The windows (${cite(DESIGN, 'Two windows, three roles')}). */\n`,
    });
    expect(findings).toEqual([
      { file: 'src/main/a.ts', line: 2, message: `cites ${DESIGN} "One writer", a section ${DESIGN} does not have` },
    ]);
  });

  it('reads a cited section wrapped onto the next comment line, and a heading cited without its parenthesis', () => {
    const wrapped = `/**\n * Who may send (${DESIGN} "Two windows,\n * three roles"); money (${DESIGN}, "Money on the screen").\n */\n`;
    expect(check({ 'src/c.ts': wrapped })).toEqual([]);
    expect(check({ 'src/c.ts': wrapped.replace('three roles', 'four roles') })).toHaveLength(1);
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
      '[ok](#where-the-data-lives) [ok](#notes-1) [ok](design.md#two-windows-three-roles)',
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
});
