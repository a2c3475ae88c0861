/**
 * Tasks over GitHub's REST API, phrased as an agent or a person would ask, each with the
 * operations (by operationId) that do it. Written from what the API does, before and apart from
 * any index's output, and never used to choose the index's settings. `paraphrase` marks the tasks
 * written on purpose with other words than the operation's summary; the suite also counts, by
 * rule, the tasks that share fewer than half of the summary's words.
 */
export const GITHUB_TASKS = [
  // Said roughly as the API says it.
  { query: 'open a new issue saying the login page is broken', expected: ['issues/create'] },
  { query: 'list the open pull requests of octocat/hello-world', expected: ['pulls/list'] },
  { query: 'merge pull request 42', expected: ['pulls/merge', 'pulls/merge-async'] },
  { query: 'add the label "bug" to issue 7', expected: ['issues/add-labels'] },
  { query: 'create a release for the tag v2.0.0', expected: ['repos/create-release'] },
  { query: 'get the latest release of the repo', expected: ['repos/get-latest-release'] },
  { query: 'list the branches of a repository', expected: ['repos/list-branches'] },
  { query: 'delete a repository secret used by GitHub Actions', expected: ['actions/delete-repo-secret'] },
  {
    query: 'list the workflow runs of a repository',
    expected: ['actions/list-workflow-runs-for-repo', 'actions/list-workflow-runs'],
  },
  { query: 'download the logs of a workflow run', expected: ['actions/download-workflow-run-logs'] },
  { query: 'create a gist with a code snippet', expected: ['gists/create'] },
  { query: 'search repositories about machine learning written in python', expected: ['search/repos'] },
  { query: 'search code for the string TODO', expected: ['search/code'] },
  { query: 'list the members of an organization', expected: ['orgs/list-members'] },
  { query: 'add a collaborator to my repository', expected: ['repos/add-collaborator'] },
  { query: 'list the commits on the main branch', expected: ['repos/list-commits'] },
  {
    query: 'compare two commits',
    expected: ['repos/compare-commits', 'repos/compare-commits-with-basehead'],
  },
  { query: 'get the README of a repository', expected: ['repos/get-readme'] },
  { query: 'create a webhook for a repository', expected: ['repos/create-webhook'] },
  { query: 'list the comments on issue 12', expected: ['issues/list-comments'] },
  { query: 'comment on an issue', expected: ['issues/create-comment'] },
  { query: 'request a review from alice on my pull request', expected: ['pulls/request-reviewers'] },
  { query: 'list the files changed in pull request 5', expected: ['pulls/list-files'] },
  { query: 'lock the conversation on an issue', expected: ['issues/lock'] },
  { query: 'create a milestone for version 3', expected: ['issues/create-milestone'] },
  { query: 'star a repository', expected: ['activity/star-repo-for-authenticated-user'] },
  { query: 'list my notifications', expected: ['activity/list-notifications-for-authenticated-user'] },
  {
    query: 'mark all my notifications as read',
    expected: ['activity/mark-notifications-as-read'],
  },
  { query: 'follow a user', expected: ['users/follow'] },
  { query: 'list the followers of a user', expected: ['users/list-followers-for-user'] },
  {
    query: 'add an SSH key to my account',
    expected: ['users/create-public-ssh-key-for-authenticated-user'],
  },
  { query: 'check my API rate limit', expected: ['rate-limit/get'] },
  { query: 'render markdown to HTML', expected: ['markdown/render', 'markdown/render-raw'] },
  { query: 'create a team in the organization', expected: ['teams/create'] },
  { query: 'list code scanning alerts for a repository', expected: ['code-scanning/list-alerts-for-repo'] },
  { query: 'list Dependabot alerts of a repository', expected: ['dependabot/list-alerts-for-repo'] },
  {
    query: 'list secret scanning alerts',
    expected: ['secret-scanning/list-alerts-for-repo', 'secret-scanning/list-alerts-for-org'],
  },
  {
    query: 'create a codespace for a repository',
    expected: ['codespaces/create-with-repo-for-authenticated-user'],
  },
  {
    query: 'trigger a workflow manually with workflow_dispatch',
    expected: ['actions/create-workflow-dispatch'],
  },
  { query: 're-run the failed jobs of a workflow run', expected: ['actions/re-run-workflow-failed-jobs'] },
  { query: 'rename a branch', expected: ['repos/rename-branch'] },
  // Said with other words than the summary.
  {
    query: "make a copy of someone else's repo under my account",
    expected: ['repos/create-fork'],
    paraphrase: true,
  },
  {
    query: 'who has starred this project?',
    expected: ['activity/list-stargazers-for-repo'],
    paraphrase: true,
  },
  { query: 'throw the repository away for good', expected: ['repos/delete'], paraphrase: true },
  {
    query: 'bring my fork up to date with the original project',
    expected: ['repos/merge-upstream'],
    paraphrase: true,
  },
  { query: 'hand the project over to another owner', expected: ['repos/transfer'], paraphrase: true },
  {
    query: 'which programming languages does this codebase use',
    expected: ['repos/list-languages'],
    paraphrase: true,
  },
  { query: 'read a file from the repository', expected: ['repos/get-content'], paraphrase: true },
  {
    query: 'save a new version of a file in the repo',
    expected: ['repos/create-or-update-file-contents'],
    paraphrase: true,
  },
  { query: 'who worked on this project', expected: ['repos/list-contributors'], paraphrase: true },
  { query: 'get a zip of the source code', expected: ['repos/download-zipball-archive'], paraphrase: true },
  { query: 'how many people visited the repository lately', expected: ['repos/get-views'], paraphrase: true },
  { query: 'shut down my codespace', expected: ['codespaces/stop-for-authenticated-user'], paraphrase: true },
  {
    query: 'remove someone from the organization',
    expected: ['orgs/remove-member', 'orgs/remove-membership-for-user'],
    paraphrase: true,
  },
  { query: 'assign the bug to bob', expected: ['issues/add-assignees'], paraphrase: true },
  { query: 'react with a thumbs up to an issue', expected: ['reactions/create-for-issue'], paraphrase: true },
  {
    query: 'stop watching a repository',
    expected: ['activity/delete-repo-subscription', 'activity/set-repo-subscription'],
    paraphrase: true,
  },
  {
    query: 'require reviews before anyone pushes to main',
    expected: ['repos/update-branch-protection'],
    paraphrase: true,
  },
  {
    query: 'turn off a workflow so it no longer runs',
    expected: ['actions/disable-workflow'],
    paraphrase: true,
  },
  { query: 'which license is the project under', expected: ['licenses/get-for-repo'], paraphrase: true },
  {
    query: 'grab the build outputs produced by a CI run',
    expected: [
      'actions/list-workflow-run-artifacts',
      'actions/download-artifact',
      'actions/list-artifacts-for-repo',
    ],
    paraphrase: true,
  },
  { query: 'who can push to this repo', expected: ['repos/list-collaborators'], paraphrase: true },
  { query: 'open a PR from my feature branch into main', expected: ['pulls/create'], paraphrase: true },
  { query: 'did this PR get merged already', expected: ['pulls/check-if-merged'], paraphrase: true },
  {
    query: 'store an encrypted value that workflows can read',
    expected: [
      'actions/create-or-update-repo-secret',
      'actions/create-or-update-org-secret',
      'actions/create-or-update-environment-secret',
    ],
    paraphrase: true,
  },
  {
    query: 'stop the build that is running now',
    expected: ['actions/cancel-workflow-run', 'actions/force-cancel-workflow-run'],
    paraphrase: true,
  },
  {
    query: 'show the edit history of a gist',
    expected: ['gists/list-commits', 'gists/get-revision'],
    paraphrase: true,
  },
  { query: 'delete a branch', expected: ['git/delete-ref'], paraphrase: true },
  { query: 'create a branch from a commit sha', expected: ['git/create-ref'], paraphrase: true },
  { query: 'find people on GitHub by name', expected: ['search/users'], paraphrase: true },
  { query: 'make the repo private', expected: ['repos/update'], paraphrase: true },
  { query: 'edit the title of an issue', expected: ['issues/update'], paraphrase: true },
  { query: 'close issue 9 as completed', expected: ['issues/update'], paraphrase: true },
  {
    query: 'approve the changes in a pull request',
    expected: ['pulls/create-review', 'pulls/submit-review'],
    paraphrase: true,
  },
  {
    query: 'ask someone to join my organization',
    expected: ['orgs/create-invitation', 'orgs/set-membership-for-user'],
    paraphrase: true,
  },
  { query: 'stop a user from bothering me', expected: ['users/block'], paraphrase: true },
  { query: 'who am I logged in as', expected: ['users/get-authenticated'], paraphrase: true },
];
