import { GatewayError } from '../../errors/gateway-error.js';
import { firstCallEvidence } from '../../history/first-call-evidence.js';
import { historyPage } from '../history-page.js';
import { PAGE_PARAMETERS, readPageRequest } from '../pagination.js';
import { checkQuery, queryText } from '../request-input.js';
import { defineRoutes } from '../route.js';

const TAG = 'History';
const FILTERS = ['workspace', 'agent', 'key', 'outcome', 'since', 'until'] as const;
const LIST_PARAMETERS = [...PAGE_PARAMETERS, ...FILTERS] as const;

/** Invocation history (ids, names, times, outcomes; never arguments or payloads) and first-call evidence. */
export const HISTORY_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/history',
    operationId: 'listHistory',
    summary: 'List tools/call history, newest first, filtered by workspace, agent, key, outcome and time',
    tag: TAG,
    responseSchema: 'InvocationPage',
    successStatuses: [200],
    queryParameters: LIST_PARAMETERS,
    async handle({ db, query }) {
      checkQuery(query, LIST_PARAMETERS);
      const page = readPageRequest(query);
      const filters = Object.fromEntries(FILTERS.map((name) => [name, queryText(query, name)]));
      return { status: 200, body: await historyPage(db, filters, page) };
    },
  },
  {
    method: 'GET',
    path: '/keys/{key}/first-call',
    operationId: 'getFirstCallEvidence',
    summary:
      "An mcp_client key's first-call evidence: the history row proving it, or why onboarding is still actionable",
    tag: TAG,
    responseSchema: 'FirstCallEvidence',
    successStatuses: [200],
    async handle({ db, params }) {
      const evidence = await firstCallEvidence(db, params['key']!);
      if (evidence.state === 'actionable' && evidence.reason === 'key_not_found') {
        throw new GatewayError('not_found', `key '${params['key']}' not found`);
      }
      return { status: 200, body: evidence };
    },
  },
]);
