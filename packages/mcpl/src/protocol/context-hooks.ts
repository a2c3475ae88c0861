import type { ContentBlock } from './content.js';

/** Where an injection lands in the prompt. */
export type InjectionPosition = 'system' | 'beforeUser' | 'afterUser';

/** `context/beforeInference` (H→S request, §10). */
export interface BeforeInferenceParams {
  inferenceId: string;
  conversationId: string;
  turnIndex: number;
  /** Always null unless `contextHooks.beforeInference.observe` is granted. */
  userMessage: string | null;
  model: string;
  channels?:
    | {
        incoming?: { channelId: string; messageId: string; threadId?: string | undefined } | undefined;
        defaultOutgoing?: { channelId: string } | undefined;
        candidates?: string[] | undefined;
      }
    | undefined;
}

export interface ContextInjection {
  namespace: string;
  /** Authorised per position at receipt (`contextHooks.beforeInference.inject.<position>`). */
  position: InjectionPosition;
  content: string | ContentBlock[];
  metadata?: Record<string, unknown> | undefined;
}

export interface BeforeInferenceResult {
  featureSet: string;
  contextInjections: ContextInjection[];
}
