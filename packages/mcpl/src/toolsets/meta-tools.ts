import { TOOLSET_TOOL_NAMES } from '../protocol/index.js';
import type { ToolDefinition } from './types.js';

/** The tools that let a host without hint support open, close and use toolsets. */
export function metaTools(withOpenClose: boolean): ToolDefinition[] {
  const use: ToolDefinition = {
    name: TOOLSET_TOOL_NAMES.use,
    description:
      'Call a tool of an open toolset (instance: the id toolset_open returned; optional when one instance is open)',
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string' },
        instance: { type: 'string' },
        arguments: { type: 'object' },
      },
      required: ['tool'],
      additionalProperties: false,
    },
  };
  if (!withOpenClose) return [use];
  return [
    {
      name: TOOLSET_TOOL_NAMES.open,
      description: 'Open a toolset (a new instance when it has instances); returns its id and visible tools',
      inputSchema: {
        type: 'object',
        properties: { toolset: { type: 'string' }, options: { type: 'object' } },
        required: ['toolset'],
        additionalProperties: false,
      },
    },
    {
      name: TOOLSET_TOOL_NAMES.close,
      description: 'Close an open toolset or one instance of it',
      inputSchema: {
        type: 'object',
        properties: { toolset: { type: 'string' }, instance: { type: 'string' } },
        required: ['toolset'],
        additionalProperties: false,
      },
    },
    use,
  ];
}
