import { describe, expect, it } from 'vitest';
import { demoEnvironment, variableSuffix } from './fixtures.js';

describe('the gateway-demo fixture', () => {
  it('exports the admin API, the keys, the first agent as MCP_URL/MCP_KEY and every agent by its slug', () => {
    expect(
      demoEnvironment({
        adminUrl: 'http://127.0.0.1:1/mcp/admin/v1',
        keys: { admin: 'mcpf_adm_A', approval: 'mcpf_apr_B' },
        agents: {
          'currency-rates': {
            mcpUrl: 'http://127.0.0.1:1/mcp/v1/default/currency-rates',
            mcpKey: 'mcpf_mcp_C',
          },
          sales: { mcpUrl: 'http://127.0.0.1:1/mcp/v1/default/sales', mcpKey: 'mcpf_mcp_D' },
        },
      }),
    ).toEqual({
      GATEWAY: 'http://127.0.0.1:1/mcp/admin/v1',
      ADMIN_KEY: 'mcpf_adm_A',
      APPROVAL_KEY: 'mcpf_apr_B',
      MCP_URL: 'http://127.0.0.1:1/mcp/v1/default/currency-rates',
      MCP_KEY: 'mcpf_mcp_C',
      MCP_URL_CURRENCY_RATES: 'http://127.0.0.1:1/mcp/v1/default/currency-rates',
      MCP_KEY_CURRENCY_RATES: 'mcpf_mcp_C',
      MCP_URL_SALES: 'http://127.0.0.1:1/mcp/v1/default/sales',
      MCP_KEY_SALES: 'mcpf_mcp_D',
    });
  });

  it('names a variable after an agent slug: upper case, _ for anything else', () => {
    expect(variableSuffix('currency-rates-2')).toBe('CURRENCY_RATES_2');
  });

  it.each([
    [{ error: { code: 'start_failed', message: 'x' } }],
    [null],
    [{ adminUrl: 'u', keys: { admin: 'k' }, agents: {} }],
  ])('refuses a line that is not the demo result: %j', (line) => {
    expect(() => demoEnvironment(line)).toThrow(/not the demo's JSON line/);
  });
});
