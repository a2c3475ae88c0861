import type { ListedTool } from './list-tools.js';
import { type CatalogSize, estimateTokens, type Findings } from './report.js';
import { toolLabel } from './tool-names.js';

/** Below this many characters a description rarely tells a model when to use the tool. */
export const SHORT_DESCRIPTION = 20;
/** Above this many tools, hosts and models do better with search than with the whole list. */
export const MANY_TOOLS = 40;

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The catalog's size as a host sends it to the model: compact JSON of `{ tools }`. */
export function catalogSize(tools: readonly ListedTool[], findings: Findings): CatalogSize {
  const bytes = bytesOf({ tools });
  let largest: { name: string; bytes: number } | undefined;
  tools.forEach((tool, index) => {
    const size = bytesOf(tool);
    if (largest === undefined || size > largest.bytes)
      largest = { name: toolLabel(tool, index), bytes: size };
  });
  const size: CatalogSize = {
    tools: tools.length,
    bytes,
    estimatedTokens: estimateTokens(bytes),
    ...(largest === undefined ? {} : { largestTool: largest }),
  };
  const largestText = largest === undefined ? '' : `; largest ${largest.name} (${largest.bytes} bytes)`;
  findings.ok(
    'catalog',
    `${tools.length} tool(s), ${bytes} bytes, about ${size.estimatedTokens} tokens${largestText}`,
  );
  if (tools.length > MANY_TOOLS) {
    findings.warn(
      'catalog',
      'catalog_too_many_tools',
      `${tools.length} tools (about ${size.estimatedTokens} tokens on every turn): models pick worse from long lists`,
      'split the server, or put it behind the mcpforge gateway in search mode so the model finds tools by query',
    );
  }
  return size;
}

function description(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Descriptions of tools and of their parameters: what a model has to choose and fill a call. */
export function checkQuality(tools: readonly ListedTool[], findings: Findings): void {
  let problems = 0;
  tools.forEach((tool, index) => {
    const label = toolLabel(tool, index);
    const text = description(tool['description']);
    if (text === '') {
      problems++;
      findings.warn(
        'quality',
        'description_missing',
        'no description: the model sees only the name',
        'describe what the tool does and when to use it, in a sentence or two',
        label,
      );
    } else if (text.length < SHORT_DESCRIPTION) {
      problems++;
      findings.warn(
        'quality',
        'description_short',
        `description of ${text.length} characters ("${text}")`,
        'say what the tool does, what it returns and when to use it',
        label,
      );
    }
    const schema = tool.inputSchema as { properties?: unknown } | undefined;
    const properties = schema?.properties;
    if (typeof properties !== 'object' || properties === null) return;
    const bare = Object.entries(properties as Record<string, unknown>)
      .filter(
        ([, property]) => description((property as { description?: unknown } | null)?.description) === '',
      )
      .map(([key]) => key);
    if (bare.length > 0) {
      problems++;
      findings.warn(
        'quality',
        'parameter_description_missing',
        `parameter(s) without a description: ${bare.slice(0, 10).join(', ')}${bare.length > 10 ? ', ...' : ''}`,
        'describe each parameter: its meaning, unit or format, and an example',
        label,
      );
    }
  });
  if (problems === 0) findings.ok('quality', 'every tool and parameter is described');
}
