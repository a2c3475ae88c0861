import type { CapabilityPath } from '../capabilities/vocabulary.js';
import type { ContentBlock } from './content.js';

export type ChannelDirection = 'outbound' | 'inbound' | 'bidirectional';

/** A channel the server offers (§14). */
export interface ChannelDescriptor {
  id: string;
  type: string;
  label: string;
  direction: ChannelDirection;
  address?: unknown;
  metadata?: Record<string, unknown> | undefined;
  initiallyOpen?: boolean | undefined;
  capabilities?:
    | {
        history?:
          | { maxMessages?: number; supportsBeforeMessage?: boolean; supportsSinceLastSeen?: boolean }
          | undefined;
        acknowledgment?: { kind?: string; supportsValue?: boolean } | undefined;
      }
    | undefined;
}

/** `channels/register` (S→H request). */
export interface ChannelsRegisterParams {
  channels: ChannelDescriptor[];
}

/** Per descriptor: the host authorises each one. */
export interface ChannelItemResult {
  id: string;
  accepted: boolean;
  reason?: string | undefined;
}

export interface ChannelsItemizedResult {
  results: ChannelItemResult[];
}

/** `channels/changed` (S→H, notification or request; the request answers itemized). */
export interface ChannelsChangedParams {
  added?: ChannelDescriptor[] | undefined;
  removed?: string[] | undefined;
  updated?: ChannelDescriptor[] | undefined;
}

/** `channels/list` (params `{}`). */
export interface ChannelsListResult {
  channels: ChannelDescriptor[];
}

/** A message as channels carry it. */
export interface ChannelMessage {
  channelId: string;
  messageId: string;
  threadId?: string | undefined;
  author: { id: string; name: string };
  /** ISO 8601. */
  timestamp: string;
  content: ContentBlock[];
  metadata?: Record<string, unknown> | undefined;
  tags?: string[] | undefined;
}

/** `channels/open` (H→S request). */
export interface ChannelsOpenParams {
  type: string;
  address: unknown;
  metadata?: Record<string, unknown> | undefined;
  channelId?: string | undefined;
  history?:
    | { limit: number; beforeMessageId?: string | undefined; sinceLastSeen?: boolean | undefined }
    | undefined;
}

export interface ChannelsOpenResult {
  channel: ChannelDescriptor;
  history?: ChannelMessage[] | undefined;
  historyTruncated?: boolean | undefined;
}

/** `channels/close` (H→S request). */
export interface ChannelsCloseParams {
  channelId: string;
}

export interface ChannelsCloseResult {
  closed: true;
}

/** `channels/publish` (H→S; the only thing that delivers). */
export interface ChannelsPublishParams {
  conversationId: string;
  channelId: string;
  stream?: boolean | undefined;
  content: ContentBlock[];
}

export interface ChannelsPublishResult {
  delivered: true;
  messageId: string;
}

/** `channels/incoming` (S→H request): checked against the grant and the registered channel. */
export interface ChannelsIncomingParams {
  messages: ChannelMessage[];
}

export interface ChannelsIncomingResult {
  results: Array<{ messageId: string; accepted: boolean; conversationId?: string | undefined }>;
}

/** `channels/outgoing/chunk` (H→S notification, opt-in, advisory). */
export interface ChannelsOutgoingChunkParams {
  inferenceId: string;
  conversationId: string;
  channelId: string;
  /** Monotonic per inference. */
  index: number;
  delta: string;
}

/** `channels/outgoing/complete` (H→S notification). Advisory: delivery is `channels/publish`. */
export interface ChannelsOutgoingCompleteParams {
  inferenceId: string;
  conversationId: string;
  channelId: string;
  content: ContentBlock[];
}

/** `channels/acknowledge` (H→S request; the public core's shape). */
export interface ChannelsAcknowledgeParams {
  channelId: string;
  messageId: string;
  intent: string;
  value?: unknown;
}

export interface ChannelsAcknowledgeResult {
  acknowledged: boolean;
  representation?: string | undefined;
  reason?: string | undefined;
}

/** `channels/typing` (H→S): the spec leaves the shape open; the core types the channel only. */
export interface ChannelsTypingParams {
  channelId: string;
  [key: string]: unknown;
}

/** The capability each channel method needs (§14, §2). */
export const CHANNEL_METHOD_CAPABILITIES: Readonly<Record<string, CapabilityPath>> = {
  'channels/register': 'channels.register',
  'channels/changed': 'channels.register',
  'channels/list': 'channels.register',
  'channels/open': 'channels.lifecycle',
  'channels/close': 'channels.lifecycle',
  'channels/outgoing/chunk': 'channels.streaming',
  'channels/outgoing/complete': 'channels.streaming',
  'channels/publish': 'channels.publish',
  'channels/incoming': 'channels.incoming',
  'channels/acknowledge': 'channels.acknowledge',
  'channels/typing': 'channels.typing',
};
