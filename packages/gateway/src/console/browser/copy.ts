import { button } from './dom.js';

/**
 * A "Copy" button for a value shown on the page; where the clipboard API is refused (an http
 * origin other than localhost), it selects the text so the person can copy it by hand.
 * @module
 */
export function copyButton(
  label: string,
  value: () => string,
  source: HTMLElement,
  announce: (m: string) => void,
): HTMLButtonElement {
  return button(label, () => {
    const text = value();
    const fallback = () => {
      const range = document.createRange();
      range.selectNodeContents(source);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      announce('Selected: press Ctrl+C (or ⌘C) to copy.');
    };
    if (navigator.clipboard === undefined) return fallback();
    navigator.clipboard.writeText(text).then(() => announce('Copied to the clipboard.'), fallback);
  });
}
