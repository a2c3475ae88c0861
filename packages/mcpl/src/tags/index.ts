export { CHAT_TAG_IMPLIES, CHAT_TAGS, expandTags, isEventTag } from './tags.js';
