import { describe, expect, it } from 'vitest';
import { validateModernHeaders } from './modern-headers.js';
import { toolHeaderParams } from './tool-headers.js';

const VERSION = '2026-07-28';
const meta = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};
const schema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    count: { type: 'integer', 'x-mcp-header': 'Count' },
    dry: { type: 'boolean', 'x-mcp-header': 'Dry' },
    nested: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
  },
};
const tools = (name: string) => (name === 'deploy' ? toolHeaderParams(schema) : []);

function check(headers: Record<string, string>, method: string, params: Record<string, unknown>) {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return validateModernHeaders(
    (name) => lower.get(name),
    { id: 7, method, params: { ...params, _meta: meta } },
    [VERSION],
    tools,
  );
}

const base = { 'MCP-Protocol-Version': VERSION };
const call = (args: Record<string, unknown>, extra: Record<string, string>) =>
  check({ ...base, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'deploy', ...extra }, 'tools/call', {
    name: 'deploy',
    arguments: args,
  });

describe('validateModernHeaders', () => {
  it('accepts matching headers with any name case and surrounding whitespace', () => {
    expect(check({ ...base, 'mcp-method': ' tools/list ' }, 'tools/list', {})).toBeUndefined();
    expect(
      check({ ...base, 'MCP-METHOD': 'prompts/get', 'mcp-name': '  greet ' }, 'prompts/get', {
        name: 'greet',
      }),
    ).toBeUndefined();
    expect(
      check({ ...base, 'Mcp-Method': 'resources/read', 'Mcp-Name': 'test://a' }, 'resources/read', {
        uri: 'test://a',
      }),
    ).toBeUndefined();
  });

  it('refuses a missing or different method with 400 -32020, values case-sensitive', () => {
    for (const headers of [
      base,
      { ...base, 'Mcp-Method': 'TOOLS/LIST' },
      { ...base, 'Mcp-Method': 'prompts/list' },
    ]) {
      expect(check(headers, 'tools/list', {})).toMatchObject({ status: 400, rpcCode: -32020, id: 7 });
    }
  });

  it('refuses a missing or different Mcp-Name', () => {
    const headers = { ...base, 'Mcp-Method': 'tools/call' };
    expect(check(headers, 'tools/call', { name: 'x' })?.rpcCode).toBe(-32020);
    expect(check({ ...headers, 'Mcp-Name': 'y' }, 'tools/call', { name: 'x' })?.rpcCode).toBe(-32020);
    expect(check({ ...headers, 'Mcp-Name': '=?base64?eA==?=' }, 'tools/call', { name: 'x' })).toBeUndefined();
    expect(check({ ...headers, 'Mcp-Name': '=?base64?eA?=' }, 'tools/call', { name: 'x' })?.rpcCode).toBe(
      -32020,
    );
  });

  it('reads no Mcp-Name field for a method named after an Object.prototype member', () => {
    for (const method of ['__proto__', 'constructor', 'toString']) {
      expect(check({ ...base, 'Mcp-Method': method, 'Mcp-Name': 'x' }, method, {})).toBeUndefined();
    }
  });

  it('checks version presence, _meta keys, agreement and support in that order', () => {
    const noVersion = validateModernHeaders(
      () => undefined,
      { id: 1, method: 'tools/list', params: { _meta: meta } },
      [VERSION],
      undefined,
    );
    expect(noVersion?.rpcCode).toBe(-32020);
    const header = (name: string) =>
      name === 'mcp-protocol-version' ? VERSION : name === 'mcp-method' ? 'tools/list' : undefined;
    expect(
      validateModernHeaders(header, { id: 2, method: 'tools/list', params: {} }, [VERSION], undefined),
    ).toMatchObject({
      status: 400,
      rpcCode: -32602,
      id: 2,
    });
    const other = { ...meta, 'io.modelcontextprotocol/protocolVersion': 'v999' };
    expect(
      validateModernHeaders(
        header,
        { id: 3, method: 'tools/list', params: { _meta: other } },
        [VERSION],
        undefined,
      )?.rpcCode,
    ).toBe(-32020);
    const unsupported = validateModernHeaders(
      (name) => (name === 'mcp-protocol-version' ? 'v999' : undefined),
      { id: 4, method: 'tools/list', params: { _meta: other } },
      [VERSION],
      undefined,
    );
    expect(unsupported).toMatchObject({
      status: 400,
      rpcCode: -32022,
      data: { supported: [VERSION], requested: 'v999' },
    });
  });

  it('validates Mcp-Param headers: strings, integers numerically, booleans, nested properties', () => {
    const args = { region: 'us-west1', count: 42, dry: false, nested: { zone: 'b' } };
    const good = {
      'Mcp-Param-Region': 'us-west1',
      'mcp-param-count': '42.0',
      'Mcp-Param-Dry': 'false',
      'Mcp-Param-Zone': 'b',
    };
    expect(call(args, good)).toBeUndefined();
    expect(call(args, { ...good, 'Mcp-Param-Region': 'eu' })?.rpcCode).toBe(-32020);
    expect(call(args, { ...good, 'mcp-param-count': '43' })?.rpcCode).toBe(-32020);
    expect(call(args, { ...good, 'Mcp-Param-Dry': 'False' })?.rpcCode).toBe(-32020);
    const { 'Mcp-Param-Zone': _zone, ...withoutZone } = good;
    expect(call(args, withoutZone)?.rpcCode).toBe(-32020);
    expect(call({ count: 1 }, { 'mcp-param-count': '1' })).toBeUndefined();
    expect(call({ region: 'Hello' }, { 'Mcp-Param-Region': '=?base64?SGVsbG8=?=' })).toBeUndefined();
    expect(call({ region: 'Hello' }, { 'Mcp-Param-Region': '=?base64?SGVsbG8?=' })?.rpcCode).toBe(-32020);
  });
});
