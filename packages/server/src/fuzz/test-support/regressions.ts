/**
 * @module
 * Messages that once broke the server, run first in every fuzz run whatever the seed.
 */
import type { FuzzMessage } from './messages.js';
import { FRESH_NUMBER_ID } from './messages.js';

const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

export const regressions: readonly FuzzMessage[] = [
  // Issue 8, defect 1: the version error text stringified the member and overflowed the stack.
  {
    kind: 'request',
    copies: 1,
    text: `{"jsonrpc":${deepArray(5000)},"id":${FRESH_NUMBER_ID},"method":"ping"}`,
  },
  // Issue 8, defect 7: String() of a deep cursor overflowed and the text leaked into the answer.
  {
    kind: 'request',
    copies: 1,
    text: `{"jsonrpc":"2.0","id":${FRESH_NUMBER_ID},"method":"tools/list","params":{"cursor":${deepArray(10_000)}}}`,
  },
  // canonicalJson recursed: deep arguments of a multi-round-trip tool, digested into its
  // requestState, overflowed the stack and were answered -32603.
  {
    kind: 'request',
    copies: 1,
    text: `{"jsonrpc":"2.0","id":${FRESH_NUMBER_ID},"method":"tools/call","params":{"name":"confirm","arguments":{"x":${deepArray(6000)}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}`,
  },
  // completion/complete took an argument named `__proto__` for a completer (Object.prototype)
  // and answered -32603 "completer is not a function".
  {
    kind: 'request',
    copies: 1,
    text: `{"jsonrpc":"2.0","id":${FRESH_NUMBER_ID},"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"__proto__","value":"w"},"context":{"arguments":{}}}}`,
  },
];
