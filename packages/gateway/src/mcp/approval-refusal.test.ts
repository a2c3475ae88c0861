import { TASKS_EXTENSION } from '@mcpforge/server/tasks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL, type SeededApprovalAgent, seedApprovalAgent } from '../approvals/approval-fixture.js';
import {
  type EndpointGateway,
  listenEndpointGateway,
} from '../approvals/mcp/test-support/endpoint-gateway.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { LegacyClient, MODERN_VERSION, postJson } from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

describeEachDatabase('an approval-required tool on endpoints without an approvals service', (fixture) => {
  let upstream: TestUpstream;
  let gateway: EndpointGateway;
  let seeded: SeededApprovalAgent;
  let url: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await listenEndpointGateway(fixture.db(), () => ({ approvals: undefined }));
    seeded = await seedApprovalAgent(fixture.db(), upstream);
    url = `${gateway.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('refuses every call (internal, not_executed), even for a client declaring tasks, and never reaches the upstream', async () => {
    const client = new LegacyClient(url, seeded.clientKey);
    await client.connect();
    const legacy = await client.request('tools/call', {
      name: INVOICE_TOOL,
      arguments: { customer: 'A', amount: 1 },
    });
    expect(legacy.body.result.isError).toBe(true);
    expect(legacy.body.result.structuredContent).toMatchObject({
      error_code: 'internal',
      outcome_certainty: 'not_executed',
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
      'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
    };
    const modern = await postJson(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: INVOICE_TOOL, arguments: { customer: 'A', amount: 1 }, _meta: meta },
      },
      {
        authorization: `Bearer ${seeded.clientKey}`,
        'mcp-protocol-version': MODERN_VERSION,
        'mcp-method': 'tools/call',
        'mcp-name': INVOICE_TOOL,
      },
    );
    expect(modern.body.result.resultType).toBe('complete');
    expect(modern.body.result.structuredContent.error_code).toBe('internal');
    expect(upstream.requests).toHaveLength(0);
  });
});
