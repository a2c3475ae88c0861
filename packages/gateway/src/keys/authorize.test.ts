import { describe, expect, it } from 'vitest';
import { authorizeAdmin, authorizeApproval, authorizeMcpClient } from './authorize.js';
import type { VerifiedKey } from './key-verifier.js';

function key(overrides: Partial<VerifiedKey>): VerifiedKey {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'mcp_client',
    name: 'test',
    workspace: 'default',
    agent: 'currency-rates',
    allowedOrigins: [],
    displayPrefix: 'mcpf_mcp_AbCd',
    createdAt: new Date(0),
    ...overrides,
  };
}

describe('authorization by key type and binding', () => {
  it('the MCP endpoint takes an mcp_client key of that agent only', () => {
    expect(() => authorizeMcpClient(key({}), 'default', 'currency-rates')).not.toThrow();
    expect(() => authorizeMcpClient(key({}), 'default', 'sales')).toThrow(
      expect.objectContaining({ code: 'key_wrong_scope' }),
    );
    expect(() => authorizeMcpClient(key({}), 'other', 'currency-rates')).toThrow(
      expect.objectContaining({ code: 'key_wrong_scope' }),
    );
    expect(() =>
      authorizeMcpClient(key({ type: 'approval', agent: null }), 'default', 'currency-rates'),
    ).toThrow(
      expect.objectContaining({
        code: 'key_wrong_type',
        message: 'the MCP endpoint takes a key of type mcp_client, not approval',
      }),
    );
    expect(() =>
      authorizeMcpClient(key({ type: 'admin', workspace: null, agent: null }), 'default', 'x'),
    ).toThrow(expect.objectContaining({ code: 'key_wrong_type' }));
  });

  it('the approval API takes an approval key of the workspace, or of that one agent', () => {
    const workspaceWide = key({ type: 'approval', agent: null });
    const agentBound = key({ type: 'approval', agent: 'sales' });
    expect(() => authorizeApproval(workspaceWide, 'default', 'sales', undefined)).not.toThrow();
    expect(() => authorizeApproval(agentBound, 'default', 'sales', undefined)).not.toThrow();
    expect(() => authorizeApproval(agentBound, 'default', 'currency-rates', undefined)).toThrow(
      expect.objectContaining({ code: 'key_wrong_scope' }),
    );
    expect(() => authorizeApproval(workspaceWide, 'other', 'sales', undefined)).toThrow(
      expect.objectContaining({ code: 'key_wrong_scope' }),
    );
    expect(() => authorizeApproval(key({}), 'default', 'currency-rates', undefined)).toThrow(
      expect.objectContaining({ code: 'key_wrong_type' }),
    );
  });

  it("an approval key's allowed origins refuse another Origin, and allow requests without one", () => {
    const limited = key({ type: 'approval', agent: null, allowedOrigins: ['https://app.example.com'] });
    expect(() => authorizeApproval(limited, 'default', 'sales', 'https://app.example.com')).not.toThrow();
    expect(() => authorizeApproval(limited, 'default', 'sales', 'https://APP.example.com')).not.toThrow();
    expect(() => authorizeApproval(limited, 'default', 'sales', undefined)).not.toThrow();
    expect(() => authorizeApproval(limited, 'default', 'sales', 'https://evil.example')).toThrow(
      expect.objectContaining({ code: 'origin_not_allowed' }),
    );
  });

  it('the admin API takes an admin key only', () => {
    expect(() => authorizeAdmin(key({ type: 'admin', workspace: null, agent: null }))).not.toThrow();
    expect(() => authorizeAdmin(key({}))).toThrow(expect.objectContaining({ code: 'key_wrong_type' }));
  });
});
