/**
 * Description text that says nothing about one tool. Imported catalogs repeat whole sentences in
 * many tools (GitHub's "OAuth app tokens ... need the `repo` scope", media-type lists: over a third
 * of its description text), and those sentences lengthen every description they sit in, which
 * weakens the words that do describe the tool. Links lend URL parts (`https`, `docs`, `com`) that
 * no task asks for. Both are removed before indexing; the tools themselves are unchanged.
 * @module
 */
import { runToEnd, SMALL_UNITS, type Steps } from './sliced-work.js';

/** A sentence in at least this many tools, and in at least {@link SHARED_SHARE} of them, is boilerplate. */
const SHARED_MIN_TOOLS = 3;
const SHARED_SHARE = 0.01;

const MARKDOWN_LINK = /\[([^\]]*)\]\([^)\s]*\)/g;
const BARE_URL = /\bhttps?:\/\/\S+/g;
const SENTENCE_END = /(?<=[.!?…])\s+|\n+/u;

/** Markdown links keep their text; bare URLs go. */
export function withoutLinks(text: string): string {
  return text.replace(MARKDOWN_LINK, '$1').replace(BARE_URL, ' ');
}

/** The sentences of a description, trimmed, empty ones left out. */
export function sentencesOf(text: string): string[] {
  return withoutLinks(text)
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** The sentences that so many tools share that they describe none of them. */
export function sharedSentences(descriptions: readonly string[]): Set<string> {
  return runToEnd(sharedSentenceSteps(descriptions));
}

/** {@link sharedSentences} as steps, one description (or {@link SMALL_UNITS} counts) a step. */
export function* sharedSentenceSteps(descriptions: readonly string[]): Steps<Set<string>> {
  const counts = new Map<string, number>();
  for (const description of descriptions) {
    for (const sentence of new Set(sentencesOf(description))) {
      counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    }
    yield;
  }
  const threshold = Math.max(SHARED_MIN_TOOLS, Math.ceil(descriptions.length * SHARED_SHARE));
  const shared = new Set<string>();
  let units = 0;
  for (const [sentence, count] of counts) {
    if (count >= threshold) shared.add(sentence);
    if (++units % SMALL_UNITS === 0) yield;
  }
  return shared;
}

/** The description without links and shared sentences, as the index reads it. */
export function distinctiveText(description: string, shared: ReadonlySet<string>): string {
  return sentencesOf(description)
    .filter((sentence) => !shared.has(sentence))
    .join('\n');
}
