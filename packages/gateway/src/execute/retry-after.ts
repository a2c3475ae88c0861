/**
 * `Retry-After` (RFC 9110, 10.2.3) as milliseconds from now: delay-seconds or an HTTP-date.
 * @module
 */

/** Longest wait passed on: a day. An upstream asking for more is treated as asking for a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

const DELAY_SECONDS = /^\d+$/;
/** All three HTTP-date forms (IMF-fixdate, RFC 850, asctime) open with a day name; `Date.parse` alone takes `-5`. */
const HTTP_DATE_START = /^[A-Za-z]{3}/;

/**
 * The wait `value` asks for, in whole milliseconds within `0..MAX_RETRY_AFTER_MS`, or
 * `undefined` when the header is absent or malformed (a date in the past is 0).
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return undefined;
  let delay: number;
  if (DELAY_SECONDS.test(text)) delay = Number(text) * 1000;
  else {
    const date = HTTP_DATE_START.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(date)) return undefined;
    delay = date - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(delay)));
}
