import { ApiError } from './api.js';
import { h, replace } from './dom.js';

/**
 * What a page draws into: the main region, its heading (focused on navigation so a keyboard or
 * screen-reader user starts at the page's top), a polite live region for outcomes, and a
 * cleanup list (pollers stop when the page is left).
 * @module
 */

export interface View {
  readonly main: HTMLElement;
  /** Sets the page's heading and the document title; returns the content container. */
  page(title: string): HTMLElement;
  /** Tells assistive technology (and everyone) what just happened. */
  announce(message: string): void;
  /** An error box for `error` (an API refusal shows its code). */
  failure(error: unknown): HTMLElement;
  /** Runs `stop` when the page is left. */
  onLeave(stop: () => void): void;
  /** Whether the page is still the one shown (async work checks before drawing). */
  readonly live: () => boolean;
}

/** A message for `error`: an API problem's detail and code, or the error's text. */
export function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** A view over `main` and `status` for one visit of a page. */
export function createView(main: HTMLElement, status: HTMLElement, live: () => boolean): View {
  const stops: (() => void)[] = [];
  const view: View = {
    main,
    live,
    page(title) {
      document.title = `${title} · mcpforge console`;
      const heading = h('h1', { tabindex: -1, id: 'page-title' }, title);
      const content = h('div', { class: 'page' });
      replace(main, heading, content);
      heading.focus();
      return content;
    },
    announce(message) {
      replace(status, message);
    },
    failure(error) {
      return h('p', { class: 'error', role: 'alert' }, describe(error));
    },
    onLeave(stop) {
      stops.push(stop);
    },
  };
  (view as View & { leave(): void }).leave = () => {
    for (const stop of stops.splice(0)) stop();
  };
  return view;
}

/** Calls `tick` now and every `ms` while the page is shown and the tab is visible. */
export function poll(view: View, ms: number, tick: () => Promise<void>): void {
  let timer: number | undefined;
  let stopped = false;
  const run = async () => {
    if (stopped || !view.live()) return;
    if (document.visibilityState !== 'hidden') {
      try {
        await tick();
      } catch {
        // the next tick tries again; the page shows its own error state
      }
    }
    if (!stopped) timer = window.setTimeout(run, ms);
  };
  void run();
  view.onLeave(() => {
    stopped = true;
    if (timer !== undefined) window.clearTimeout(timer);
  });
}
