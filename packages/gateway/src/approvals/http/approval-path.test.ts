import { describe, expect, it } from 'vitest';
import { approvalPath, approvalTargetOf } from './approval-path.js';

describe('approval paths', () => {
  it('names the list, one request and its decisions under the prefix', () => {
    expect(approvalTargetOf('/mcp/v1/default/sales/approvals?status=pending', '/mcp')).toEqual({
      workspace: 'default',
      agent: 'sales',
      id: undefined,
      action: undefined,
    });
    expect(approvalTargetOf('/mcp/v1/default/sales/approvals/approval_X', '/mcp')).toMatchObject({
      id: 'approval_X',
      action: undefined,
    });
    expect(approvalTargetOf('/gw/mcp/v1/default/sales/approvals/approval_X/deny', '/gw/mcp')).toMatchObject({
      id: 'approval_X',
      action: 'deny',
    });
    expect(approvalPath('/mcp', 'default', 'sales', 'approval_X')).toBe(
      '/mcp/v1/default/sales/approvals/approval_X',
    );
  });

  it('leaves the MCP endpoint, other prefixes, other resources and bad slugs alone', () => {
    expect(approvalTargetOf('/mcp/v1/default/sales', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcpx/v1/default/sales/approvals', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/other/v1/default/sales/approvals', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcp/v1/default/sales/history', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcp/v2/default/sales/approvals', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcp/v1/Default/sales/approvals', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcp/v1/default/sales/approvals/a/approve/more', '/mcp')).toBeUndefined();
    expect(approvalTargetOf('/mcp/admin/v1/approvals', '/mcp')).toBeUndefined();
  });
});
