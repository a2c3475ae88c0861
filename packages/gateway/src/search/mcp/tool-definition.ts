import { MetaKey, type PermissionPatterns, type Tool, type ToolDefinition } from '@mcpforge/server';
import { approvalOutputSchema } from '../../approvals/mcp/approval-result.js';
import type { PublishedTool } from '../../catalog/published-catalog.js';
import { buildRequestTarget } from '../../execute/request-target.js';

/**
 * How an agent's operation is published as an MCP tool, in both delivery modes: the definition
 * the toolkit registers (direct mode's `tools/list` entry) and the same entry `search_tools`
 * returns, so a search result is exactly what a direct listing would have shown.
 * @module
 */

/** Whether calls of the tool have side effects: anything but a GET not marked otherwise. */
function hasSideEffects(tool: PublishedTool): boolean {
  const { definition } = tool;
  return definition.binding.method !== 'GET' && definition.annotations?.readOnlyHint !== true;
}

/**
 * The probe's patterns (seed 000) of a tool with side effects; `undefined` for a tool without
 * (a host never probes it). `always` is the request line with the path template; `patterns` the
 * same line with this call's path arguments filled in, e.g. `DELETE api.example.com/items/42`.
 */
export function permissionPatternsOf(
  tool: PublishedTool,
): ((args: Record<string, unknown>) => PermissionPatterns) | undefined {
  if (!hasSideEffects(tool)) return undefined;
  const { binding } = tool.definition;
  const base = new URL(binding.baseUrl);
  const basePath = base.pathname === '/' ? '' : base.pathname;
  const line = (target: string) => `${binding.method} ${base.host}${target}`;
  const always = [line(`${basePath}${binding.path}`)];
  const pathArguments = Object.entries(binding.arguments).filter(([, placement]) => placement.in === 'path');
  return (args) => {
    const onlyPath: Record<string, unknown> = {};
    for (const [name] of pathArguments) onlyPath[name] = args[name];
    const target = buildRequestTarget(
      { ...binding, arguments: Object.fromEntries(pathArguments) },
      basePath,
      onlyPath,
    );
    // A path value the executor would refuse: the template stands for the call.
    return { patterns: [typeof target === 'string' ? line(target) : always[0]!], always };
  };
}

/** The toolkit definition of `tool`; an approval-required tool's output may be the approval result. */
export function toolDefinitionOf(tool: PublishedTool): ToolDefinition {
  const { definition } = tool;
  const needsApproval = definition.approval === 'required';
  const published: ToolDefinition = {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    inputSchema: definition.inputSchema,
    outputSchema: needsApproval ? approvalOutputSchema(definition.outputSchema) : definition.outputSchema,
    annotations: definition.annotations,
  };
  return published;
}

/** The `tools/list` entry of `tool` as the toolkit publishes it (no undefined members, probe support in `_meta`). */
export function listedToolOf(tool: PublishedTool): Tool {
  const definition = toolDefinitionOf(tool);
  const listed: Tool = { name: definition.name, inputSchema: definition.inputSchema };
  if (definition.title !== undefined) listed.title = definition.title;
  if (definition.description !== undefined) listed.description = definition.description;
  if (definition.outputSchema !== undefined) listed.outputSchema = definition.outputSchema;
  if (definition.annotations !== undefined) listed.annotations = definition.annotations;
  if (permissionPatternsOf(tool) !== undefined) listed._meta = { [MetaKey.supportsPermissionPatterns]: true };
  return listed;
}
