import type { CliIo } from './io.js';

/**
 * Colour for a person at a terminal, and none otherwise: no colour when `NO_COLOR` is set to
 * anything non-empty (no-color.org) or when the stream is a pipe or a file, so logs and
 * `--json` output never hold escape codes.
 * @module
 */

/** Whether to colour a stream that is (or is not) a terminal, with these variables. */
export function colourWanted(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  return isTTY;
}

/** Text styles; each returns its argument unchanged when colour is off. */
export interface Palette {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const style = (enabled: boolean, open: number, close: number) => (text: string) =>
  enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text;

/** A palette that colours when `enabled`. */
export function palette(enabled: boolean): Palette {
  return {
    enabled,
    bold: style(enabled, 1, 22),
    dim: style(enabled, 2, 22),
    red: style(enabled, 31, 39),
    green: style(enabled, 32, 39),
    yellow: style(enabled, 33, 39),
    cyan: style(enabled, 36, 39),
  };
}

/** No colour: what a `render` called outside the CLI (a test, an embedder) gets by default. */
export const PLAIN: Palette = palette(false);

/** The palette for what a command prints on stdout (`render`). */
export function stdoutPalette(io: Pick<CliIo, 'env' | 'stdoutIsTTY'>): Palette {
  return palette(colourWanted(io.env, io.stdoutIsTTY === true));
}

/** The palette for messages on stderr. */
export function stderrPalette(io: Pick<CliIo, 'env' | 'stderr'>): Palette {
  return palette(colourWanted(io.env, io.stderr?.isTTY === true));
}

/** `text` without colour codes, for measuring or for a test. */
export function stripColour(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape is what is removed
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
