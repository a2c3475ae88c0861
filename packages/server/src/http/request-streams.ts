import type { JsonRpcId } from '@mcpforge/wire';
import type { OutboundStream } from './outbound-stream.js';

/**
 * A legacy session's streams of POSTs still being answered, by request id. A session mostly has
 * one request in flight, so that one is held in two fields and a `Map` is made only for a
 * second at once: a `Map` emptied by every answer makes V8 allocate it a new table (through a
 * runtime call) each time, about 1,100 instructions per request.
 */
export class RequestStreams {
  #id: JsonRpcId | undefined;
  #stream: OutboundStream | undefined;
  #more: Map<JsonRpcId, OutboundStream> | undefined;

  get size(): number {
    return (this.#stream === undefined ? 0 : 1) + (this.#more?.size ?? 0);
  }

  get(id: JsonRpcId): OutboundStream | undefined {
    return this.#stream !== undefined && this.#id === id ? this.#stream : this.#more?.get(id);
  }

  has(id: JsonRpcId): boolean {
    return this.get(id) !== undefined;
  }

  set(id: JsonRpcId, stream: OutboundStream): void {
    const inSlot = this.#stream === undefined ? this.#more?.has(id) !== true : this.#id === id;
    if (inSlot) {
      this.#id = id;
      this.#stream = stream;
    } else {
      this.#more ??= new Map();
      this.#more.set(id, stream);
    }
  }

  delete(id: JsonRpcId): boolean {
    if (this.#stream !== undefined && this.#id === id) {
      this.#id = undefined;
      this.#stream = undefined;
      return true;
    }
    return this.#more?.delete(id) ?? false;
  }

  *values(): IterableIterator<OutboundStream> {
    if (this.#stream !== undefined) yield this.#stream;
    if (this.#more !== undefined) yield* this.#more.values();
  }

  clear(): void {
    this.#id = undefined;
    this.#stream = undefined;
    this.#more?.clear();
  }
}
