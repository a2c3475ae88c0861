import { expect, it } from 'vitest';
import { duplicateDescriptionWarnings, normaliseDescription } from './duplicate-descriptions.js';

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object' } });

it('normalises case, width, punctuation and spaces before comparing', () => {
  expect(normaliseDescription('  Get the USER,  by id! ')).toBe('get the user by id');
  expect(normaliseDescription('ＡＢＣ Счёт')).toBe('abc счёт');
});

it('warns of a description equal to an earlier one after normalising, naming that tool', () => {
  expect(
    duplicateDescriptionWarnings([
      tool('get_user', 'Get a user by id.'),
      tool('fetch_user', 'get a USER by id'),
      tool('read_user', 'Get a user, by id!'),
    ]),
  ).toEqual([
    {
      code: 'description_duplicate',
      tool: 'fetch_user',
      message: "'fetch_user' has the same description as 'get_user': say what sets each apart",
    },
    {
      code: 'description_duplicate',
      tool: 'read_user',
      message: "'read_user' has the same description as 'get_user': say what sets each apart",
    },
  ]);
});

it('warns of a near duplicate (word overlap at or above the threshold), not of merely related tools', () => {
  const warnings = duplicateDescriptionWarnings([
    tool(
      'list_repo_issues',
      'List issues in a repository, with filters for state, labels, assignee and milestone',
    ),
    tool(
      'list_org_issues',
      'List issues in a repository, with filters for state, labels, assignee and milestone too',
    ),
    tool('create_issue', 'Create an issue in a repository'),
    tool('blank', '  '),
    tool('blank_too', ''),
  ]);
  expect(warnings).toEqual([
    {
      code: 'description_near_duplicate',
      tool: 'list_org_issues',
      message:
        "the description of 'list_org_issues' is nearly that of 'list_repo_issues': say what sets each apart",
    },
  ]);
});
