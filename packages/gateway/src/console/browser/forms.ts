import { h } from './dom.js';
import { describe } from './view.js';

/**
 * A form that runs `action` on submit, disables its submit button meanwhile and shows the
 * refusal (the problem's detail and code) next to it.
 * @module
 */
export function actionForm(
  label: string,
  submitLabel: string,
  fields: HTMLElement[],
  action: () => Promise<void>,
): HTMLFormElement {
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, submitLabel);
  const message = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'card',
      'aria-label': label,
      on: {
        submit: (event) => {
          event.preventDefault();
          submit.disabled = true;
          message.replaceChildren();
          action()
            .catch((error: unknown) =>
              message.replaceChildren(h('p', { class: 'error', role: 'alert' }, describe(error))),
            )
            .finally(() => {
              submit.disabled = false;
            });
        },
      },
    },
    h('h2', {}, label),
    ...fields,
    h('div', { class: 'actions' }, submit),
    message,
  );
  return form;
}

/** Values of a comma- or newline-separated list, trimmed, without empties. */
export function listOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
