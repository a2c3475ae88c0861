/**
 * The synonym groups an operator of a GitHub agent might publish (an agent's `searchSynonyms`):
 * GitHub's own words next to the ones people use for them. Written the way an operator would,
 * from the misses of the reworded development set (github-dev-reworded-tasks.mjs) only, never
 * from the benchmark or blind sets; the bench reports ours with this list next to ours without
 * it, so the blind set tells whether such a list carries over to requests nobody read.
 */
export const GITHUB_OPERATOR_SYNONYMS = [
  ['repository', 'repo', 'project', 'codebase'],
  ['issue', 'bug', 'ticket', 'bug report'],
  ['pull', 'pr', 'pull request', 'merge request', 'change request'],
  ['workflow', 'build', 'ci', 'pipeline', 'ci run', 'nightly build'],
  ['organization', 'org', 'company', 'business'],
  ['team', 'group'],
  ['release', 'ship', 'version'],
  ['pages', 'website', 'site', 'docs site'],
  ['webhook', 'hook', 'ping my server', 'callback'],
  ['codespace', 'cloud dev machine', 'dev environment', 'dev box'],
  ['dependabot', 'vulnerable libraries', 'vulnerable dependencies', 'vulnerable packages'],
  ['secret', 'leaked password', 'leaked key', 'leaked token'],
  ['reaction', 'thumbs up', 'emoji'],
  ['collaborator', 'friend', 'coworker', 'teammate'],
  ['assignee', 'assign', 'give to'],
  ['gist', 'snippet', 'paste'],
  ['artifact', 'build output', 'zip'],
  ['review', 'look over', 'review request'],
  ['merge', 'land'],
  ['protection', 'force push', 'protect'],
  ['installation', 'bot', 'app'],
  ['feed', 'following', 'follow'],
];
