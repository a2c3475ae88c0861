import type {
  JsonSchema,
  PermissionPatternsSource,
  ToolArgs,
  ToolDefinition,
  ToolHandler,
} from '@mcpforge/server';
import { TaskServer } from '@mcpforge/server/tasks';

type TaskSupport = Parameters<TaskServer['taskTool']>[1];

/**
 * A task server whose task tools can also answer permission probes: the toolkit offers probes
 * only through `patternTool` and tasks only through `taskTool`, and an approval-required
 * operation needs both (its probe is what lets a host apply a per-tool policy before a person
 * is asked). `taskTool` registers through `tool`, so that one call is routed to `patternTool`.
 */
export class PatternTaskServer extends TaskServer {
  #patterns: PermissionPatternsSource | undefined;

  /** `taskTool` of a tool that answers probes with `patterns`. */
  patternTaskTool<S extends JsonSchema>(
    definition: ToolDefinition<S>,
    support: TaskSupport,
    patterns: PermissionPatternsSource<ToolArgs<S>>,
    handler: ToolHandler<ToolArgs<S>>,
  ): this {
    this.#patterns = patterns as PermissionPatternsSource;
    try {
      return this.taskTool(definition, support, handler);
    } finally {
      this.#patterns = undefined;
    }
  }

  override tool<S extends JsonSchema>(
    definition: ToolDefinition<S>,
    handler: ToolHandler<ToolArgs<S>>,
  ): this {
    const patterns = this.#patterns;
    if (patterns === undefined) return super.tool(definition, handler);
    this.#patterns = undefined;
    return this.patternTool(definition, patterns as PermissionPatternsSource<ToolArgs<S>>, handler);
  }
}
