import { listAgentVersions, publishAgent } from '../../catalog/agent-versions-table.js';
import {
  archiveAgent,
  createAgent,
  getAgent,
  listAgents,
  updateAgentDraft,
} from '../../catalog/agents-table.js';
import { loadAgentVersion } from '../../catalog/published-catalog.js';
import { PAGE_PARAMETERS, pageOf, readPageRequest } from '../pagination.js';
import { checkQuery, queryFlag, readBodyFields } from '../request-input.js';
import { defineRoutes } from '../route.js';
import { versionParam } from '../views.js';

const TAG = 'Agents';
const BASE = '/workspaces/{workspace}/agents';
const LIST_PARAMETERS = [...PAGE_PARAMETERS, 'includeArchived'] as const;

/** Agents: one MCP endpoint each, with a draft and immutable published catalogs. */
export const AGENT_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: BASE,
    operationId: 'listAgents',
    summary: "List a workspace's agents, by slug (archived ones with ?includeArchived=true)",
    tag: TAG,
    responseSchema: 'AgentPage',
    successStatuses: [200],
    queryParameters: LIST_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, LIST_PARAMETERS);
      const page = readPageRequest(query);
      const agents = await listAgents(db, params['workspace']!, {
        includeArchived: queryFlag(query, 'includeArchived'),
      });
      return { status: 200, body: pageOf(agents, (a) => a.slug, page) };
    },
  },
  {
    method: 'POST',
    path: BASE,
    operationId: 'createAgent',
    summary: 'Create an agent (its draft defaults to direct delivery with no operations)',
    tag: TAG,
    requestSchema: 'AgentCreate',
    responseSchema: 'Agent',
    successStatuses: [201],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['slug', 'draft']);
      const input = { slug: fields['slug'] as string, draft: fields['draft'] };
      return { status: 201, body: await createAgent(db, params['workspace']!, input) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{agent}`,
    operationId: 'getAgent',
    summary: 'Get an agent and its draft',
    tag: TAG,
    responseSchema: 'Agent',
    successStatuses: [200],
    async handle({ db, params }) {
      return { status: 200, body: await getAgent(db, params['workspace']!, params['agent']!) };
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{agent}/draft`,
    operationId: 'updateAgentDraft',
    summary: "Replace an agent's draft (its published catalog does not change)",
    tag: TAG,
    requestSchema: 'DraftUpdate',
    responseSchema: 'Agent',
    successStatuses: [200],
    async handle({ db, params, body }) {
      const fields = readBodyFields(body, ['draft', 'expectedDraftRevision']);
      const agent = await updateAgentDraft(db, params['workspace']!, params['agent']!, fields['draft'], {
        expectedDraftRevision: fields['expectedDraftRevision'] as number | undefined,
      });
      return { status: 200, body: agent };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{agent}/publish`,
    operationId: 'publishAgent',
    summary: "Publish the agent: pins its operations' published versions now (200 when nothing changed)",
    tag: TAG,
    responseSchema: 'PublishedAgent',
    successStatuses: [200, 201],
    async handle({ db, params, body }) {
      readBodyFields(body, []);
      const published = await publishAgent(db, params['workspace']!, params['agent']!);
      return { status: published.created ? 201 : 200, body: published };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{agent}/archive`,
    operationId: 'archiveAgent',
    summary: 'Archive an agent: its endpoint serves no catalog from now on (idempotent)',
    tag: TAG,
    responseSchema: 'Agent',
    successStatuses: [200],
    async handle({ db, params, body }) {
      readBodyFields(body, []);
      return { status: 200, body: await archiveAgent(db, params['workspace']!, params['agent']!) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{agent}/versions`,
    operationId: 'listAgentVersions',
    summary: "List an agent's published versions, oldest first",
    tag: TAG,
    responseSchema: 'AgentVersionPage',
    successStatuses: [200],
    queryParameters: PAGE_PARAMETERS,
    async handle({ db, params, query }) {
      checkQuery(query, PAGE_PARAMETERS);
      const page = readPageRequest(query);
      const versions = await listAgentVersions(db, params['workspace']!, params['agent']!);
      return { status: 200, body: pageOf(versions, (v) => String(v.version).padStart(10, '0'), page) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{agent}/versions/{version}`,
    operationId: 'getAgentVersion',
    summary: 'Get one published version of an agent: its whole catalog',
    tag: TAG,
    responseSchema: 'PublishedCatalog',
    successStatuses: [200],
    async handle({ db, params }) {
      const version = versionParam(params['version']);
      return {
        status: 200,
        body: await loadAgentVersion(db, params['workspace']!, params['agent']!, version),
      };
    },
  },
]);
