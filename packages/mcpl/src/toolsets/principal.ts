import type { AccessTokenResult, ContentBlock, EndedToolsetInstance } from '../protocol/index.js';
import type { InstanceContext, ToolsetInstance } from './types.js';

/** One open toolset instance of a principal. */
export interface OpenInstance {
  toolset: string;
  /** Absent for a toolset without instances. */
  id: string | undefined;
  handle: ToolsetInstance;
  ctx: InstanceContext;
  /** Set while a call runs on it: events it emits join that call's result. */
  callBuffer: ContentBlock[] | undefined;
}

/** What the core needs of a served connection (structural, so there is no import cycle). */
export interface ServedConnection {
  noteEnded(ended: EndedToolsetInstance): void;
  /** Sends the pending hint change alone (deferred while a call of this connection runs). */
  sync(): void;
  /** An event for the host; false when this host cannot take events (then only the hints go). */
  pushEvent(content: ContentBlock[]): boolean;
  requestAccess(
    audience: string,
    options: { scopes?: string[]; signal?: AbortSignal },
  ): Promise<AccessTokenResult>;
  readonly canAccess: boolean;
}

/** Most ended instances remembered for an absent principal (the oldest are dropped). */
const MAX_ENDED = 64;

/** Key of an instance in its principal's map. */
export function instanceKey(toolset: string, id: string | undefined): string {
  return id === undefined ? toolset : `${toolset}\u0000${id}`;
}

/** What the server keeps per principal: its instances, connections and idle timer. */
export class Principal {
  readonly name: string;
  readonly instances = new Map<string, OpenInstance>();
  /** Connection handles currently served for this principal. */
  readonly connections = new Set<ServedConnection>();
  /** Instances that ended while nobody of the principal was connected (told once by `toolsets/list`). */
  ended: EndedToolsetInstance[] = [];
  idleTimer: unknown;
  nextInstance = 1;

  constructor(name: string) {
    this.name = name;
  }

  /** Records an ended instance for every connection, or for the next `toolsets/list`. */
  recordEnded(ended: EndedToolsetInstance): void {
    if (this.connections.size === 0) {
      this.ended.push(ended);
      if (this.ended.length > MAX_ENDED) this.ended.splice(0, this.ended.length - MAX_ENDED);
      return;
    }
    for (const connection of this.connections) connection.noteEnded(ended);
  }

  takeEnded(): EndedToolsetInstance[] {
    return this.ended.splice(0);
  }
}
