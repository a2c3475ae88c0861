import type { Icon, Meta, Tool, ToolAnnotations } from '../protocol/index.js';
import { MetaKey } from '../protocol/index.js';
import type { Infer, JsonSchema } from '../schema/index.js';
import { type SchemaCompiler, SchemaError, type Validator } from '../validation/index.js';
import { ToolDefinitionError } from './errors.js';
import type { ToolHandler } from './handlers.js';
import type { PermissionPatternsSource } from './probe.js';

export type { ToolHandler } from './handlers.js';

/** A tool as the author declares it. `inputSchema` must be an object schema. */
export interface ToolDefinition<S extends JsonSchema = JsonSchema> {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: S;
  outputSchema?: JsonSchema | undefined;
  annotations?: ToolAnnotations | undefined;
  icons?: Icon[] | undefined;
  /** 2025-11-25 tasks: published as is. */
  execution?: Tool['execution'] | undefined;
  _meta?: Meta | undefined;
}

/** The arguments a handler receives: inferred from a builder schema, else a plain record. */
export type ToolArgs<S> = unknown extends Infer<S> ? Record<string, unknown> : Infer<S>;

/** A registered tool: its published form, compiled validators and handler. */
export interface RegisteredTool {
  readonly published: Tool;
  readonly handler: ToolHandler<Record<string, unknown>>;
  readonly validateInput: Validator;
  readonly validateOutput: Validator | undefined;
  /** Set for tools that answer probes (`server.patternTool`). */
  readonly patterns: PermissionPatternsSource | undefined;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Tools in registration order, with a revision bumped on every change. */
export class ToolRegistry {
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #compiler: SchemaCompiler;
  #published: Tool[] | undefined;
  revision = 0;

  constructor(compiler: SchemaCompiler) {
    this.#compiler = compiler;
  }

  get size(): number {
    return this.#tools.size;
  }

  get(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  items(): readonly Tool[] {
    this.#published ??= Array.from(this.#tools.values(), (tool) => tool.published);
    return this.#published;
  }

  add(
    definition: ToolDefinition,
    handler: ToolHandler<Record<string, unknown>>,
    patterns: PermissionPatternsSource | undefined,
  ): RegisteredTool {
    const { name } = definition;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      throw new ToolDefinitionError(
        'ERR_TOOL_NAME',
        `Tool name ${JSON.stringify(name)} must be 1-128 characters of A-Z a-z 0-9 _ . -`,
      );
    }
    if (this.#tools.has(name))
      throw new ToolDefinitionError('ERR_TOOL_DUPLICATE', `Tool '${name}' is already registered`, {
        tool: name,
      });
    if (typeof handler !== 'function') throw new TypeError(`Tool '${name}' needs a handler function`);
    const inputSchema = definition.inputSchema as unknown;
    if (
      typeof inputSchema !== 'object' ||
      inputSchema === null ||
      (inputSchema as JsonSchema)['type'] !== 'object'
    ) {
      throw new ToolDefinitionError(
        'ERR_TOOL_SCHEMA',
        `Tool '${name}': inputSchema must be an object schema ({ "type": "object", ... })`,
        { tool: name, schemaPath: '/inputSchema' },
      );
    }
    const validateInput = this.#compile(name, 'inputSchema', definition.inputSchema);
    const validateOutput =
      definition.outputSchema === undefined
        ? undefined
        : this.#compile(name, 'outputSchema', definition.outputSchema);
    const published: Tool = { name, inputSchema: definition.inputSchema };
    if (definition.title !== undefined) published.title = definition.title;
    if (definition.description !== undefined) published.description = definition.description;
    if (definition.outputSchema !== undefined) published.outputSchema = definition.outputSchema;
    if (definition.annotations !== undefined) published.annotations = definition.annotations;
    if (definition.icons !== undefined) published.icons = definition.icons;
    if (definition.execution !== undefined) published.execution = definition.execution;
    if (definition._meta !== undefined || patterns !== undefined) {
      published._meta = { ...definition._meta };
      if (patterns !== undefined) published._meta[MetaKey.supportsPermissionPatterns] = true;
    }
    const tool: RegisteredTool = { published, handler, validateInput, validateOutput, patterns };
    this.#tools.set(name, tool);
    this.#changed();
    return tool;
  }

  remove(name: string): boolean {
    const removed = this.#tools.delete(name);
    if (removed) this.#changed();
    return removed;
  }

  #changed(): void {
    this.#published = undefined;
    this.revision++;
  }

  #compile(name: string, field: string, schema: JsonSchema): Validator {
    try {
      return this.#compiler.compile(schema);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const within = error instanceof SchemaError ? error.schemaPath : undefined;
      throw new ToolDefinitionError('ERR_TOOL_SCHEMA', `Tool '${name}': invalid ${field}: ${reason}`, {
        cause: error,
        tool: name,
        schemaPath: `/${field}${within ?? ''}`,
      });
    }
  }
}
