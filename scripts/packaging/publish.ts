/**
 * Where the app's updates come from: the project's GitHub Releases, named by
 * GITHUB_REPOSITORY (set in every GitHub Actions run). Only published (not
 * draft) releases are seen by the app, so a draft is never installed by
 * anyone. A build elsewhere (`npm run dist` on a laptop) has no update feed:
 * null, so electron-builder does not go looking for a repository.
 */
export interface GithubPublish {
  provider: 'github';
  releaseType: 'draft';
  owner: string;
  repo: string;
}

export function githubPublish(env: NodeJS.ProcessEnv): GithubPublish | null {
  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  return owner && repo ? { provider: 'github', releaseType: 'draft', owner, repo } : null;
}
