// A held-out set of search tasks over GitHub's REST API (1,223 operations): 70 requests as people
// and coding agents put them in a chat, each labelled with every operationId that does it. Written
// blind, before any measurement, by someone who had not seen the search index, its results or its
// misses; labels come from the OpenAPI description alone. It measures, never tunes: a change made
// to pass one of these tasks spends the set.
//
// `paraphrase: true` marks a request worded apart from the operation's summary, the way someone
// who does not know GitHub's API vocabulary would say it.

/** @type {{ query: string, expected: string[], paraphrase?: true }[]} */
export const GITHUB_BLIND_TASKS = [
  // Repositories
  {
    query: 'get octocat/Spoon-Knife under my account so I can change it freely',
    expected: ['repos/create-fork'],
    paraphrase: true,
  },
  { query: 'delete the repository acme/old-site', expected: ['repos/delete'] },
  { query: 'what is cli/cli written in?', expected: ['repos/list-languages', 'repos/get'], paraphrase: true },
  {
    query: 'who has contributed to facebook/react?',
    expected: ['repos/list-contributors', 'repos/get-contributors-stats'],
  },
  { query: 'add the topics cli and mcp to my repo', expected: ['repos/replace-all-topics'] },
  {
    query: "make acme/legacy read-only, we don't maintain it anymore",
    expected: ['repos/update'],
    paraphrase: true,
  },
  {
    query: 'move this repository over to the acme organization',
    expected: ['repos/transfer'],
    paraphrase: true,
  },
  {
    query: 'write my edited docs/index.md back to the main branch',
    expected: ['repos/create-or-update-file-contents'],
    paraphrase: true,
  },
  {
    query: "how often was acme/api's page opened in the past 14 days?",
    expected: ['repos/get-views'],
    paraphrase: true,
  },
  {
    query: 'what changed between main and feature-x?',
    expected: ['repos/compare-commits'],
    paraphrase: true,
  },
  { query: 'let alice push to the acme/api repo', expected: ['repos/add-collaborator'], paraphrase: true },
  {
    query: 'what permission does bob have on acme/api?',
    expected: ['repos/get-collaborator-permission-level'],
  },
  {
    query: 'make sure nobody can merge into main without a second pair of eyes',
    expected: [
      'repos/update-branch-protection',
      'repos/update-pull-request-review-protection',
      'repos/create-repo-ruleset',
    ],
    paraphrase: true,
  },
  {
    query: 'notify https://example.com/hook whenever someone pushes to acme/api',
    expected: ['repos/create-webhook'],
    paraphrase: true,
  },
  {
    query: 'resend the failed delivery of hook 12 on acme/api',
    expected: ['repos/redeliver-webhook-delivery'],
    paraphrase: true,
  },
  {
    query: 'publish the docs folder of my repo as a website',
    expected: ['repos/create-pages-site'],
    paraphrase: true,
  },

  // Releases, branches and tags
  { query: "what's the latest release of cli/cli?", expected: ['repos/get-latest-release'] },
  {
    query: 'add the linux tarball to the downloads of the v1.4 release',
    expected: ['repos/upload-release-asset'],
    paraphrase: true,
  },
  { query: 'start a new branch fix-login off main', expected: ['git/create-ref'], paraphrase: true },
  { query: 'create a tag v2.0 on commit abc123', expected: ['git/create-ref', 'git/create-tag'] },

  // Issues
  { query: 'issue 42 in acme/api is fixed, mark it done', expected: ['issues/update'], paraphrase: true },
  {
    query: 'log a bug: CSV export does nothing on Safari',
    expected: ['issues/create'],
    paraphrase: true,
  },
  { query: 'label issue 8 as needs-triage', expected: ['issues/add-labels'] },
  {
    query: "stop people from commenting on issue 99, it's getting heated",
    expected: ['issues/lock'],
    paraphrase: true,
  },
  { query: "I'll take issue 5, put me on it", expected: ['issues/add-assignees'], paraphrase: true },
  { query: 'add a heart to issue 14', expected: ['reactions/create-for-issue'], paraphrase: true },
  {
    query: "put issue 17 on the acme org's roadmap project board",
    expected: ['projects/add-item-for-org'],
  },

  // Pull requests
  { query: 'who reviewed pull request 88 and what did they say?', expected: ['pulls/list-reviews'] },
  { query: 'squash PR 15 into one commit on main', expected: ['pulls/merge'], paraphrase: true },
  { query: 'ask carol to look over PR 3', expected: ['pulls/request-reviewers'], paraphrase: true },
  {
    query: 'sign off on PR 9 so it can go in',
    expected: ['pulls/create-review', 'pulls/submit-review'],
    paraphrase: true,
  },
  {
    query: 'bring my PR branch up to date with main',
    expected: ['pulls/update-branch', 'repos/merge'],
    paraphrase: true,
  },
  { query: 'is PR 30 merged?', expected: ['pulls/check-if-merged', 'pulls/get'] },

  // Actions
  {
    query: 'retry just the jobs that failed in run 123',
    expected: ['actions/re-run-workflow-failed-jobs'],
    paraphrase: true,
  },
  {
    query: 'kick off the deploy workflow by hand on main',
    expected: ['actions/create-workflow-dispatch'],
    paraphrase: true,
  },
  {
    query: 'add a secret NPM_TOKEN to the repo for GitHub Actions',
    expected: ['actions/create-or-update-repo-secret'],
  },
  {
    query: 'cancel workflow run 789',
    expected: ['actions/cancel-workflow-run', 'actions/force-cancel-workflow-run'],
  },
  {
    query: 'list the artifacts produced by workflow run 12',
    expected: ['actions/list-workflow-run-artifacts'],
  },
  {
    query: 'get a token so I can hook up my own build machine as a runner for acme/api',
    expected: ['actions/create-registration-token-for-repo'],
    paraphrase: true,
  },

  // Statuses, checks, deployments
  {
    query: 'mark commit abc123 as passing from our CI',
    expected: ['repos/create-commit-status', 'checks/create'],
    paraphrase: true,
  },
  {
    query: 'are all the checks green on main?',
    expected: ['repos/get-combined-status-for-ref', 'checks/list-for-ref', 'checks/list-suites-for-ref'],
    paraphrase: true,
  },
  { query: 'create a deployment of main to production', expected: ['repos/create-deployment'] },
  {
    query: 'make someone approve before anything ships to the production environment',
    expected: ['repos/create-or-update-environment'],
    paraphrase: true,
  },

  // Gists and users
  { query: 'share this script as a secret gist', expected: ['gists/create'] },
  { query: 'who follows torvalds?', expected: ['users/list-followers-for-user'] },
  {
    query: 'upload my id_ed25519.pub so I can clone over SSH',
    expected: ['users/create-public-ssh-key-for-authenticated-user'],
    paraphrase: true,
  },
  {
    query: "what's my login name and profile info?",
    expected: ['users/get-authenticated'],
    paraphrase: true,
  },

  // Organizations and teams
  { query: 'invite jane@example.com to the acme organization', expected: ['orgs/create-invitation'] },
  {
    query: 'kick bob out of the acme org',
    expected: ['orgs/remove-member', 'orgs/remove-membership-for-user'],
    paraphrase: true,
  },
  {
    query: 'add dave to the platform team in acme',
    expected: ['teams/add-or-update-membership-for-user-in-org'],
  },
  {
    query: 'let the backend team administer acme/api',
    expected: ['teams/add-or-update-repo-permissions-in-org'],
    paraphrase: true,
  },
  {
    query: "which members of acme haven't turned on two-factor?",
    expected: ['orgs/list-members'],
    paraphrase: true,
  },
  {
    query: 'which orgs am I a member of?',
    expected: ['orgs/list-for-authenticated-user', 'orgs/list-memberships-for-authenticated-user'],
  },
  {
    query: 'how much has the acme org spent on GitHub this month?',
    expected: [
      'billing/get-github-billing-usage-report-org',
      'billing/get-github-billing-usage-summary-report-org',
    ],
    paraphrase: true,
  },

  // Search
  { query: 'find rust web framework repos with more than 1000 stars', expected: ['search/repos'] },
  { query: 'which developers on GitHub are based in Berlin?', expected: ['search/users'], paraphrase: true },
  {
    query: "where is useEffect used in facebook/react's source?",
    expected: ['search/code'],
    paraphrase: true,
  },

  // Codespaces and packages
  {
    query: 'spin up a cloud dev environment for acme/api',
    expected: [
      'codespaces/create-with-repo-for-authenticated-user',
      'codespaces/create-for-authenticated-user',
    ],
    paraphrase: true,
  },
  {
    query: 'delete version 1.0.3 of the npm package widgets in the acme org',
    expected: ['packages/delete-package-version-for-org'],
  },

  // Security
  {
    query: 'what did CodeQL find in acme/api?',
    expected: ['code-scanning/list-alerts-for-repo'],
    paraphrase: true,
  },
  { query: 'dismiss dependabot alert 3', expected: ['dependabot/update-alert'] },
  {
    query: 'did anyone commit passwords or API keys to acme/api?',
    expected: ['secret-scanning/list-alerts-for-repo'],
    paraphrase: true,
  },
  {
    query: 'privately tell the maintainers of lodash about a vulnerability I found',
    expected: ['security-advisories/create-private-vulnerability-report'],
    paraphrase: true,
  },

  // Notifications, stars, watching
  {
    query: 'clear my notification inbox',
    expected: ['activity/mark-notifications-as-read'],
    paraphrase: true,
  },
  { query: 'give microsoft/vscode a star', expected: ['activity/star-repo-for-authenticated-user'] },
  {
    query: 'stop getting notified about acme/noisy',
    expected: ['activity/set-repo-subscription', 'activity/delete-repo-subscription'],
    paraphrase: true,
  },

  // Apps, limits, licenses, meta
  {
    query: 'get an installation access token for my GitHub App installation 42',
    expected: ['apps/create-installation-access-token'],
  },
  { query: 'how many API calls do I have left this hour?', expected: ['rate-limit/get'], paraphrase: true },
  { query: 'what license does acme/api use?', expected: ['licenses/get-for-repo'] },
  {
    query: "what IP addresses do GitHub's webhooks come from?",
    expected: ['meta/get'],
    paraphrase: true,
  },
];
