import { describe, expect, it } from 'vitest';
import { MarkerError, parseRunnableBlocks, runOrder } from './markers.js';

const page = [
  '# A page',
  '',
  '```sh',
  'npm ci   # not marked: never run',
  '```',
  '',
  '<!-- runnable id=build -->',
  '```sh',
  'npm run build',
  '```',
  '',
  '<!-- runnable needs=build output=next -->',
  '```bash',
  'node dist/main.js --health',
  '```',
  '',
  '```text',
  'ok',
  '```',
  '',
  '<!-- runnable server="listening on" port=3000 output-contains="ready" -->',
  '```sh',
  'node dist/main.js --http 127.0.0.1:3000',
  '```',
].join('\n');

describe('runnable markers', () => {
  it('reads marked shell blocks with their options, and skips unmarked ones', () => {
    const blocks = parseRunnableBlocks('docs/page.md', page);
    expect(blocks).toEqual([
      {
        file: 'docs/page.md',
        line: 8,
        id: 'build',
        needs: [],
        server: undefined,
        port: undefined,
        output: undefined,
        outputLanguage: undefined,
        outputContains: undefined,
        fixture: undefined,
        script: 'npm run build',
      },
      {
        file: 'docs/page.md',
        line: 13,
        id: undefined,
        needs: ['build'],
        server: undefined,
        port: undefined,
        output: 'ok',
        outputLanguage: 'text',
        outputContains: undefined,
        fixture: undefined,
        script: 'node dist/main.js --health',
      },
      {
        file: 'docs/page.md',
        line: 22,
        id: undefined,
        needs: [],
        server: 'listening on',
        port: 3000,
        output: undefined,
        outputLanguage: undefined,
        outputContains: 'ready',
        fixture: undefined,
        script: 'node dist/main.js --http 127.0.0.1:3000',
      },
    ]);
  });

  it('takes a single-quoted value, so it can hold double quotes', () => {
    const [block] = parseRunnableBlocks(
      'p.md',
      `<!-- runnable output-contains='"ok":true' -->\n\`\`\`sh\nls\n\`\`\``,
    );
    expect(block?.outputContains).toBe('"ok":true');
  });

  it('reads fixture=gateway-demo', () => {
    const [block] = parseRunnableBlocks(
      'p.md',
      '<!-- runnable fixture=gateway-demo -->\n```sh\ncurl "$GATEWAY"\n```',
    );
    expect(block?.fixture).toBe('gateway-demo');
  });

  it('orders a block after what it needs, each once', () => {
    const text = [
      '<!-- runnable id=a -->',
      '```sh',
      'echo a',
      '```',
      '<!-- runnable id=b needs=a -->',
      '```sh',
      'echo b',
      '```',
      '<!-- runnable needs=a,b -->',
      '```sh',
      'echo c',
      '```',
    ].join('\n');
    const blocks = parseRunnableBlocks('p.md', text);
    expect(runOrder(blocks[2]!, blocks).map((block) => block.script)).toEqual(['echo a', 'echo b', 'echo c']);
  });

  it.each([
    ['a marker above prose', '<!-- runnable -->\nSome text.\n```sh\nls\n```', /just above a ```sh block/],
    ['a marker above a ts block', '<!-- runnable -->\n```ts\nlet x;\n```', /just above a ```sh block/],
    ['an unknown option', '<!-- runnable sever="up" -->\n```sh\nls\n```', /unknown runnable option 'sever'/],
    ['an option without a value', '<!-- runnable id -->\n```sh\nls\n```', /'id' needs a value/],
    [
      'output=next with no block after',
      '<!-- runnable output=next -->\n```sh\nls\n```\nText.',
      /no fenced block/,
    ],
    ['output=other', '<!-- runnable output=stdout -->\n```sh\nls\n```', /only the value 'next'/],
    [
      'a need without an earlier id',
      '<!-- runnable needs=later -->\n```sh\nls\n```',
      /no earlier block has id=later/,
    ],
    [
      'an unknown fixture',
      '<!-- runnable fixture=postgres -->\n```sh\nls\n```',
      /unknown fixture 'postgres' \(known: gateway-demo\)/,
    ],
    ['a port out of range', '<!-- runnable port=70000 -->\n```sh\nls\n```', /not a TCP port/],
    ['an unclosed block', '<!-- runnable -->\n```sh\nls', /never closed/],
    [
      'a duplicate id',
      '<!-- runnable id=x -->\n```sh\nls\n```\n<!-- runnable id=x -->\n```sh\nls\n```',
      /already id=x/,
    ],
  ])('refuses %s, naming the page and line', (_case, text, message) => {
    expect(() => parseRunnableBlocks('docs/bad.md', text)).toThrow(MarkerError);
    expect(() => parseRunnableBlocks('docs/bad.md', text)).toThrow(message);
    expect(() => parseRunnableBlocks('docs/bad.md', text)).toThrow(/^docs\/bad\.md:\d+: /);
  });
});
