// A development set of reworded GitHub tasks: everyday requests, worded apart
// from the operations' summaries, written blind (without seeing the index or
// its results). It is used to choose the index's features, so its figures
// are not a fair measure; the benchmark's held-out sets are elsewhere.
// `expected` lists every operationId that correctly does the task.

export const GITHUB_DEV_REWORDED_TASKS = [
  {
    query: 'I want my own version of the vercel/next.js code under my account to hack on',
    expected: ['repos/create-fork'],
    paraphrase: true,
  },
  {
    query: "bug #31 is fixed, mark it as done so it's no longer open",
    expected: ['issues/update'],
    paraphrase: true,
  },
  {
    query: 'show my own profile details: username, email and plan',
    expected: ['users/get-authenticated'],
    paraphrase: true,
  },
  {
    query: "get rid of the old feature-login branch, it's already merged",
    expected: ['git/delete-ref'],
    paraphrase: true,
  },
  {
    query: "pause the nightly build job so it doesn't fire anymore",
    expected: ['actions/disable-workflow'],
    paraphrase: true,
  },
  {
    query: 'give ownership of my side project to the acme company account',
    expected: ['repos/transfer'],
    paraphrase: true,
  },
  {
    query: 'get the names of everyone who favourited my library',
    expected: ['activity/list-stargazers-for-repo'],
    paraphrase: true,
  },
  {
    query: "retry only the steps of yesterday's build that broke",
    expected: ['actions/re-run-workflow-failed-jobs'],
    paraphrase: true,
  },
  {
    query: 'PR 12 is approved, land it on main',
    expected: ['pulls/merge', 'pulls/merge-async'],
    paraphrase: true,
  },
  {
    query: "put a thumbs up on someone's reply in a bug thread",
    expected: ['reactions/create-for-issue-comment'],
    paraphrase: true,
  },
  {
    query: 'let my friend push code to my project',
    expected: ['repos/add-collaborator'],
    paraphrase: true,
  },
  {
    query: "kick a person out of our company's group on GitHub",
    expected: ['orgs/remove-member', 'orgs/remove-membership-for-user'],
    paraphrase: true,
  },
  {
    query: "I've caught up, clear out my inbox so nothing shows as unseen",
    expected: ['activity/mark-notifications-as-read'],
    paraphrase: true,
  },
  {
    query: 'find source files anywhere on the site that call parseConfig',
    expected: ['search/code'],
    paraphrase: true,
  },
  {
    query: 'ship version 3.1 of my project with some notes about what changed',
    expected: ['repos/create-release'],
    paraphrase: true,
  },
  {
    query: 'attach a zip file to the version I just shipped',
    expected: ['repos/upload-release-asset'],
    paraphrase: true,
  },
  {
    query: 'post a bit of code publicly so I can send people a link to it',
    expected: ['gists/create'],
    paraphrase: true,
  },
  {
    query: "turn my project's docs folder into a website people can visit",
    expected: ['repos/create-pages-site'],
    paraphrase: true,
  },
  {
    query: 'have my server pinged every time somebody pushes to my project',
    expected: ['repos/create-webhook'],
    paraphrase: true,
  },
  {
    query: 'how many CI minutes has our company burned through this month and what did it cost',
    expected: [
      'billing/get-github-billing-usage-report-org',
      'billing/get-github-billing-usage-summary-report-org',
    ],
    paraphrase: true,
  },
  {
    query: 'show me the warnings about vulnerable libraries my project depends on',
    expected: ['dependabot/list-alerts-for-repo'],
    paraphrase: true,
  },
  {
    query: 'spin up a cloud dev machine for my project',
    expected: [
      'codespaces/create-with-repo-for-authenticated-user',
      'codespaces/create-for-authenticated-user',
    ],
    paraphrase: true,
  },
  {
    query: "remove the old 1.2-beta docker image our company pushed to GitHub's registry",
    expected: ['packages/delete-package-version-for-org'],
    paraphrase: true,
  },
  {
    query: 'mark my latest change as passing so the PR shows a green tick',
    expected: ['repos/create-commit-status', 'checks/create'],
    paraphrase: true,
  },
  {
    query: "tell GitHub we've put this commit out to production",
    expected: ['repos/create-deployment'],
    paraphrase: true,
  },
  {
    query: 'tag #5 in my project as a bug',
    expected: ['issues/add-labels'],
    paraphrase: true,
  },
  {
    query: 'give this bug to my coworker carol to handle',
    expected: ['issues/add-assignees'],
    paraphrase: true,
  },
  {
    query: 'ask two teammates to look over my PR',
    expected: ['pulls/request-reviewers'],
    paraphrase: true,
  },
  {
    query: 'set up a group for our designers in the company account',
    expected: ['teams/create'],
    paraphrase: true,
  },
  {
    query: 'drop octocat from the people whose activity shows in my feed',
    expected: ['users/unfollow'],
    paraphrase: true,
  },
  {
    query: 'stop people from commenting further on a heated bug thread',
    expected: ['issues/lock'],
    paraphrase: true,
  },
  {
    query: 'what changed between v1.0 and v1.1 of my code',
    expected: ['repos/compare-commits', 'repos/compare-commits-with-basehead'],
    paraphrase: true,
  },
  {
    query: 'stop anyone from force-pushing to or deleting main in our project',
    expected: ['repos/update-branch-protection', 'repos/create-repo-ruleset'],
    paraphrase: true,
  },
  {
    query: "save an API key so my project's builds can use it privately",
    expected: ['actions/create-or-update-repo-secret'],
    paraphrase: true,
  },
  {
    query: 'show me the console text from the CI that failed on my PR so I can see the error',
    expected: [
      'actions/download-workflow-run-logs',
      'actions/download-job-logs-for-workflow-run',
      'actions/download-workflow-run-attempt-logs',
    ],
    paraphrase: true,
  },
  {
    query: "look for open bugs anywhere that mention 'timeout error'",
    expected: ['search/issues-and-pull-requests'],
    paraphrase: true,
  },
  {
    query: "abort a build that's been stuck for hours",
    expected: ['actions/cancel-workflow-run', 'actions/force-cancel-workflow-run'],
    paraphrase: true,
  },
  {
    query: "get a short-lived key so my bot can act on the repos it's been added to",
    expected: ['apps/create-installation-access-token'],
    paraphrase: true,
  },
  {
    query: 'add this project to my favourites',
    expected: ['activity/star-repo-for-authenticated-user'],
    paraphrase: true,
  },
  {
    query: 'that leaked password warning was just a test key, close it as harmless',
    expected: ['secret-scanning/update-alert'],
    paraphrase: true,
  },
];
