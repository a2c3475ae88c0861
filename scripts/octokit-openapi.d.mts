/** The @octokit/openapi release whose GitHub description the import test uses. */
export const OCTOKIT_OPENAPI_VERSION: string;
/** The path of `api.github.com.json`, fetched into .cache/octokit-openapi-<version>/ on first use. */
export function ensureGithubOpenApi(): string;
