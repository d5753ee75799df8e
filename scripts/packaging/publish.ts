/**
 * Where the app's updates come from: the project's GitHub Releases. In the
 * release workflow GITHUB_REPOSITORY names the repository; elsewhere
 * electron-builder takes it from the git remote. Only published (not draft)
 * releases are seen by the app, so a draft is never installed by anyone.
 */
export interface GithubPublish {
  provider: 'github';
  releaseType: 'draft';
  owner?: string;
  repo?: string;
}

export function githubPublish(env: NodeJS.ProcessEnv): GithubPublish {
  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  return {
    provider: 'github',
    releaseType: 'draft',
    ...(owner && repo ? { owner, repo } : {}),
  };
}
