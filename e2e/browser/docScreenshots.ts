/**
 * Where the specs that picture a screen for the docs save it: in
 * e2e/artifacts/screenshots on every run, so that running the tests leaves
 * the repository as it was (clock times, ports and codes differ from run to
 * run); in docs/screenshots with UPDATE_DOC_SCREENSHOTS=1, to refresh the
 * docs' pictures on purpose (docs/development.md).
 */
export const DOC_SCREENSHOTS = process.env.UPDATE_DOC_SCREENSHOTS === '1' ? 'docs/screenshots' : 'e2e/artifacts/screenshots';
