/**
 * The baseline the issue names: plain BM25 (k1 1.2, b 0.75) over one text per tool (name, title,
 * description, section text), lower-cased tokens split on whitespace and punctuation; no field
 * weights, no stemming, no stop words, no related terms.
 */
const K1 = 1.2;
const B = 0.75;

export function plainTokens(text) {
  return text
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((token) => token !== '');
}

export class PlainBm25 {
  #names;
  #postings = new Map();

  constructor(documents) {
    this.#names = documents.map((document) => document.name);
    const tokenLists = documents.map((document) => plainTokens(document.text));
    const average =
      tokenLists.reduce((sum, tokens) => sum + tokens.length, 0) / Math.max(1, tokenLists.length);
    const count = documents.length;
    const raw = new Map();
    tokenLists.forEach((tokens, doc) => {
      const frequency = new Map();
      for (const token of tokens) frequency.set(token, (frequency.get(token) ?? 0) + 1);
      const norm = 1 - B + (B * tokens.length) / average;
      for (const [token, tf] of frequency) {
        const list = raw.get(token);
        if (list === undefined) raw.set(token, [[doc, tf / norm]]);
        else list.push([doc, tf / norm]);
      }
    });
    for (const [token, list] of raw) {
      const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
      this.#postings.set(
        token,
        list.map(([doc, tf]) => [doc, (idf * tf * (K1 + 1)) / (K1 + tf)]),
      );
    }
  }

  search(query, limit) {
    const scores = new Map();
    for (const token of plainTokens(query)) {
      for (const [doc, score] of this.#postings.get(token) ?? [])
        scores.set(doc, (scores.get(doc) ?? 0) + score);
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc]) => this.#names[doc]);
  }
}
