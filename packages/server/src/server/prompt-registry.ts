import type { Prompt } from '../protocol/index.js';
import type { GetPromptResult } from '../results/index.js';
import type { HandlerContext } from './context.js';
import { DefinitionError } from './errors.js';
import type { Completer } from './resource-registry.js';

export type PromptHandler = (
  args: Record<string, string>,
  ctx: HandlerContext,
) => GetPromptResult | Promise<GetPromptResult>;

export interface RegisteredPrompt {
  readonly published: Prompt;
  readonly handler: PromptHandler;
  readonly required: readonly string[];
  readonly complete: Record<string, Completer> | undefined;
}

/** Prompts in registration order with a revision bumped on change. */
export class PromptRegistry {
  readonly #prompts = new Map<string, RegisteredPrompt>();
  #published: Prompt[] | undefined;
  revision = 0;

  get size(): number {
    return this.#prompts.size;
  }

  get hasCompleters(): boolean {
    for (const entry of this.#prompts.values()) if (entry.complete !== undefined) return true;
    return false;
  }

  get(name: string): RegisteredPrompt | undefined {
    return this.#prompts.get(name);
  }

  items(): readonly Prompt[] {
    this.#published ??= Array.from(this.#prompts.values(), (entry) => entry.published);
    return this.#published;
  }

  add(definition: Prompt, handler: PromptHandler, complete: Record<string, Completer> | undefined): void {
    if (typeof definition.name !== 'string' || definition.name === '') {
      throw new DefinitionError('ERR_PROMPT_NAME', 'A prompt needs a non-empty name');
    }
    if (this.#prompts.has(definition.name)) {
      throw new DefinitionError('ERR_PROMPT_DUPLICATE', `Prompt '${definition.name}' is already registered`);
    }
    const required = (definition.arguments ?? [])
      .filter((arg) => arg.required === true)
      .map((arg) => arg.name);
    this.#prompts.set(definition.name, { published: { ...definition }, handler, required, complete });
    this.#published = undefined;
    this.revision++;
  }

  remove(name: string): boolean {
    const removed = this.#prompts.delete(name);
    if (removed) {
      this.#published = undefined;
      this.revision++;
    }
    return removed;
  }
}
