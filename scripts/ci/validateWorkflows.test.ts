import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateWorkflowFolder, WORKFLOWS_DIR, workflowProblems } from './validateWorkflows';

const ci = readFileSync(join(WORKFLOWS_DIR, 'ci.yml'), 'utf8');
const release = readFileSync(join(WORKFLOWS_DIR, 'release.yml'), 'utf8');

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the GitHub workflows are checked by npm run lint', () => {
  it("the repository's workflows (CI on three systems, the release) are valid", () => {
    expect(validateWorkflowFolder()).toEqual([
      { file: join(WORKFLOWS_DIR, 'ci.yml'), problems: [] },
      { file: join(WORKFLOWS_DIR, 'release.yml'), problems: [] },
    ]);
  });

  it('a deliberately broken workflow fails, saying where: a job without runs-on, a misspelt key, a wrong trigger', () => {
    const noRunner = ci.replace('    runs-on: ${{ matrix.os }}\n', '');
    expect(noRunner).not.toBe(ci);
    expect(workflowProblems(noRunner).join('\n')).toMatch(/\/jobs\/test.*runs-on|runs-on.*required|This property is required/);

    const misspelt = release.replace('    needs: installers', '    need: installers');
    expect(misspelt).not.toBe(release);
    expect(workflowProblems(misspelt).join('\n')).toMatch(/Additional property 'need' is not allowed/);

    expect(workflowProblems(ci.replace('  pull_request:\n', '  pull_requests:\n')).length).toBeGreaterThan(0);
    expect(workflowProblems('name: [unclosed\n').length).toBeGreaterThan(0);
  });

  it('the lint command fails on a folder holding a broken workflow', () => {
    dir = mkdtempSync(join(tmpdir(), 'dealer-workflows-'));
    writeFileSync(join(dir, 'good.yml'), ci);
    writeFileSync(join(dir, 'broken.yml'), ci.replace('    runs-on: ${{ matrix.os }}\n', ''));
    const results = validateWorkflowFolder(dir);
    expect(results.find((r) => r.file.endsWith('good.yml'))?.problems).toEqual([]);
    expect(results.find((r) => r.file.endsWith('broken.yml'))?.problems.length).toBeGreaterThan(0);
  });
});

describe('what the CI workflow promises', () => {
  it('runs on Linux, macOS and Windows with Node 24', () => {
    expect(ci).toMatch(/os: \[ubuntu-latest, macos-latest, windows-latest\]/);
    expect(ci).toMatch(/node-version: 24/);
  });

  it('downloads the Electron binary and runs the Electron specs with REQUIRE_ELECTRON=1, so they cannot silently skip', () => {
    expect(ci).toContain('npx --no install-electron');
    expect(ci).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    const electronSteps = ci.split('\n      - name: ').filter((step) => step.includes('--project electron'));
    expect(electronSteps).toHaveLength(2);
    for (const step of electronSteps) expect(step).toContain("REQUIRE_ELECTRON: '1'");
    expect(electronSteps.join('\n')).toContain('xvfb-run');
  });

  it('the release drafts (never publishes) a release with checksums, after checking each installer', () => {
    expect(release).toMatch(/tags: \['v\*'\]/);
    expect(release).toContain('--draft');
    expect(release).toContain('SHA256SUMS.txt');
    expect(release).toContain('scripts/packaging/checkArtifacts.ts');
  });
});
