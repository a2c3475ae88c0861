/**
 * How often the approval pages re-read their requests: neither API streams them, and a new
 * request must show within 2 s. Its own module, with no DOM, so a Node test can read it.
 */
export const POLL_MS = 1500;
