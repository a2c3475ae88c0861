import type { Resource, ResourceTemplate } from '../protocol/index.js';
import type { ReadResourceResult } from '../results/index.js';
import type { HandlerContext } from './context.js';
import { DefinitionError } from './errors.js';
import { UriTemplate } from './rfc6570.js';

/**
 * Completes one argument: values for the partial `value` (at most 100 are sent). `context.arguments`
 * holds the arguments already filled in; `ctx` is the request's handler context (`signal`, `era`,
 * `meta`, `log`...), as tool, prompt and resource handlers get it.
 */
export type Completer = (
  value: string,
  context: { arguments: Record<string, string> },
  ctx: HandlerContext,
) => CompletionValues | Promise<CompletionValues>;
export type CompletionValues =
  | string[]
  | { values: string[]; total?: number | undefined; hasMore?: boolean | undefined };

/** A resource read result; may override the server's caching hints for the modern era. */
export type ResourceReadResult = ReadResourceResult & {
  ttlMs?: number | undefined;
  cacheScope?: 'public' | 'private' | undefined;
};

export type ResourceHandler = (
  uri: string,
  ctx: HandlerContext,
) => ResourceReadResult | Promise<ResourceReadResult>;
export type ResourceTemplateHandler = (
  uri: string,
  variables: Record<string, string>,
  ctx: HandlerContext,
) => ResourceReadResult | Promise<ResourceReadResult>;

export interface RegisteredTemplate {
  readonly published: ResourceTemplate;
  readonly template: UriTemplate;
  readonly handler: ResourceTemplateHandler;
  readonly complete: Record<string, Completer> | undefined;
}

/** A URI resolved to the handler that reads it. */
export type ResolvedResource =
  | { kind: 'static'; handler: ResourceHandler }
  | { kind: 'template'; entry: RegisteredTemplate; variables: Record<string, string> };

/** Static resources and templates, each in registration order with their own revision. */
export class ResourceRegistry {
  readonly #resources = new Map<string, { published: Resource; handler: ResourceHandler }>();
  readonly #templates = new Map<string, RegisteredTemplate>();
  #publishedResources: Resource[] | undefined;
  #publishedTemplates: ResourceTemplate[] | undefined;

  /** `resources/list` view. */
  readonly resources = {
    revision: 0,
    items: (): readonly Resource[] => {
      this.#publishedResources ??= Array.from(this.#resources.values(), (entry) => entry.published);
      return this.#publishedResources;
    },
  };

  /** `resources/templates/list` view. */
  readonly templates = {
    revision: 0,
    items: (): readonly ResourceTemplate[] => {
      this.#publishedTemplates ??= Array.from(this.#templates.values(), (entry) => entry.published);
      return this.#publishedTemplates;
    },
  };

  get size(): number {
    return this.#resources.size + this.#templates.size;
  }

  get hasCompleters(): boolean {
    for (const entry of this.#templates.values()) if (entry.complete !== undefined) return true;
    return false;
  }

  addResource(definition: Resource, handler: ResourceHandler): void {
    if (typeof definition.uri !== 'string' || definition.uri === '')
      throw new TypeError('A resource needs a uri');
    if (this.#resources.has(definition.uri)) {
      throw new DefinitionError(
        'ERR_RESOURCE_DUPLICATE',
        `Resource '${definition.uri}' is already registered`,
      );
    }
    this.#resources.set(definition.uri, { published: { ...definition }, handler });
    this.#publishedResources = undefined;
    this.resources.revision++;
  }

  removeResource(uri: string): boolean {
    const removed = this.#resources.delete(uri);
    if (removed) {
      this.#publishedResources = undefined;
      this.resources.revision++;
    }
    return removed;
  }

  addTemplate(
    definition: ResourceTemplate,
    handler: ResourceTemplateHandler,
    complete: Record<string, Completer> | undefined,
  ): void {
    if (this.#templates.has(definition.uriTemplate)) {
      throw new DefinitionError(
        'ERR_RESOURCE_DUPLICATE',
        `Resource template '${definition.uriTemplate}' is already registered`,
      );
    }
    const template = new UriTemplate(definition.uriTemplate);
    this.#templates.set(definition.uriTemplate, {
      published: { ...definition },
      template,
      handler,
      complete,
    });
    this.#publishedTemplates = undefined;
    this.templates.revision++;
  }

  removeTemplate(uriTemplate: string): boolean {
    const removed = this.#templates.delete(uriTemplate);
    if (removed) {
      this.#publishedTemplates = undefined;
      this.templates.revision++;
    }
    return removed;
  }

  template(uriTemplate: string): RegisteredTemplate | undefined {
    return this.#templates.get(uriTemplate);
  }

  /** The handler for `uri`: an exact static resource first, then templates in registration order. */
  resolve(uri: string): ResolvedResource | undefined {
    const found = this.#resources.get(uri);
    if (found !== undefined) return { kind: 'static', handler: found.handler };
    for (const entry of this.#templates.values()) {
      const variables = entry.template.match(uri);
      if (variables !== undefined) return { kind: 'template', entry, variables };
    }
    return undefined;
  }
}
