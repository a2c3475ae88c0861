import { applyConfig } from '../../config/apply-config.js';
import { readConfigDocument } from '../../config/config-document.js';
import { CONFIG_SCHEMA } from '../../config/config-schema.js';
import { exportWorkspace } from '../../config/export-config.js';
import { checkQuery, queryFlag } from '../request-input.js';
import { defineRoutes } from '../route.js';

const TAG = 'Configuration as code';

/**
 * A workspace as one document (docs/gateway/config-as-code.md): its JSON Schema, its export,
 * and apply, which the CLI and the console share (no other way in).
 */
export const CONFIG_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/config-schema',
    operationId: 'getConfigSchema',
    summary: 'The JSON Schema of a configuration document',
    tag: TAG,
    successStatuses: [200],
    async handle() {
      return { status: 200, body: CONFIG_SCHEMA };
    },
  },
  {
    method: 'GET',
    path: '/workspaces/{workspace}/config',
    operationId: 'exportWorkspaceConfig',
    summary:
      'Export a workspace as a configuration document (sections, allow-list, operations, agents; never keys)',
    tag: TAG,
    responseSchema: 'ConfigDocument',
    successStatuses: [200],
    async handle({ db, params }) {
      return { status: 200, body: await exportWorkspace(db, params['workspace']!) };
    },
  },
  {
    method: 'POST',
    path: '/config/apply',
    operationId: 'applyConfig',
    summary:
      'Make the workspace a document names match it, in one transaction, and answer the plan (?dryRun=true: the plan only)',
    tag: TAG,
    requestSchema: 'ConfigDocument',
    responseSchema: 'ConfigPlan',
    successStatuses: [200],
    queryParameters: ['dryRun'],
    async handle({ db, query, body }) {
      checkQuery(query, ['dryRun']);
      const dryRun = queryFlag(query, 'dryRun');
      const document = readConfigDocument(body);
      return { status: 200, body: await applyConfig(db, document, { dryRun }) };
    },
  },
]);
