import type { ContentBlock } from './content.js';

export type InferenceLifecyclePhase = 'started' | 'completed' | 'aborted' | 'failed';

/** The phases that end an inference; one is attempted per `started`. */
export const INFERENCE_LIFECYCLE_TERMINAL_PHASES: readonly InferenceLifecyclePhase[] = [
  'completed',
  'aborted',
  'failed',
];

export function isTerminalLifecyclePhase(phase: unknown): boolean {
  return phase === 'completed' || phase === 'aborted' || phase === 'failed';
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** `inference/lifecycle` (H→S notification): no content, best-effort. */
export interface InferenceLifecycleParams {
  inferenceId: string;
  conversationId: string;
  turnIndex: number;
  phase: InferenceLifecyclePhase;
  /** Only when `modelInfo` is granted. */
  model?: string | undefined;
  /** On `completed`. */
  usage?: TokenUsage | undefined;
}

export interface InferenceMessage {
  role: 'user' | 'assistant' | 'system';
  content: string | ContentBlock[];
}

/** `inference/request` (S→H request, §11). */
export interface InferenceRequestParams {
  featureSet: string;
  conversationId?: string | undefined;
  /** Needs `inferenceRequest.streaming`; chunks come as `inference/chunk` first. */
  stream?: boolean | undefined;
  messages: InferenceMessage[];
  preferences?: Record<string, unknown> | undefined;
}

export type FinishReason = 'end_turn' | 'max_tokens' | 'stop_sequence';

export interface InferenceRequestResult {
  content: string | ContentBlock[];
  model: string;
  finishReason: FinishReason;
  usage: TokenUsage;
}

/** `inference/chunk` (H→S notification) while a streamed `inference/request` runs. */
export interface InferenceChunkParams {
  /** The JSON-RPC id of the `inference/request`. */
  requestId: string | number;
  index: number;
  delta: string;
}

/** `model/info` (S→H request, params `{}`); a host that cannot answer returns an error. */
export interface ModelInfoResult {
  id: string;
  vendor: string;
  contextWindow: number;
  capabilities: string[];
}
