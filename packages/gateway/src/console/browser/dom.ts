/**
 * Building the console's DOM: every user-provided value becomes a text node or an attribute,
 * never markup (no innerHTML anywhere), and no style attribute is ever written (the CSP
 * forbids inline style; looks come from classes in console.css).
 * @module
 */

/** A child: text (as a text node), a node, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Attributes by name (`false`/`undefined` leave one out), and `on` for event listeners. */
export interface Attributes {
  [name: string]: string | number | boolean | undefined | Record<string, (event: Event) => void>;
  on?: Record<string, (event: Event) => void>;
}

function apply(element: Element, attributes: Attributes | undefined, children: Child[]): void {
  if (attributes !== undefined) {
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'on') continue;
      if (name === 'style' || name.startsWith('on')) throw new Error(`attribute ${name} is not allowed`);
      if (value === undefined || value === false || typeof value === 'object') continue;
      element.setAttribute(name, value === true ? '' : String(value));
    }
    const listeners = attributes.on;
    if (listeners !== undefined) {
      for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener);
    }
  }
  append(element, children);
}

/** Appends `children` to `parent`, strings as text nodes. */
export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Attributes,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  apply(element, attributes, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element (charts are built from these, sized by attributes, coloured by classes). */
export function s(tag: string, attributes?: Attributes, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag) as SVGElement;
  apply(element, attributes, children);
  return element;
}

/** Replaces every child of `parent` with `children`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let nextId = 0;
/** A document-unique id, for `label for` and `aria-describedby`. */
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** A labelled form field: the label, the control, and an optional hint tied to it. */
export function field(
  label: string,
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  hint?: string,
): HTMLDivElement {
  const id = control.id === '' ? uid('f') : control.id;
  control.id = id;
  const hintNode = hint === undefined ? undefined : h('p', { class: 'hint', id: `${id}-hint` }, hint);
  if (hintNode !== undefined) control.setAttribute('aria-describedby', hintNode.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintNode);
}

/** A `<select>` of `options` (value, label), `selected` chosen. */
export function select(
  options: readonly (readonly [string, string])[],
  selected: string,
  attributes: Attributes = {},
): HTMLSelectElement {
  return h(
    'select',
    attributes,
    ...options.map(([value, label]) => h('option', { value, selected: value === selected }, label)),
  );
}

/** A button; `kind` picks its look. */
export function button(
  label: string,
  onClick: () => void,
  kind: 'primary' | 'secondary' | 'danger' = 'secondary',
  attributes: Attributes = {},
): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: `btn btn-${kind}`, ...attributes, on: { click: onClick } },
    label,
  );
}

/** A table with a caption, headers and rows of cells. */
export function table(caption: string, headers: string[], rows: Child[][]): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...headers.map((name) => h('th', { scope: 'col' }, name)))),
      h(
        'tbody',
        {},
        ...(rows.length === 0
          ? [h('tr', {}, h('td', { colspan: headers.length, class: 'empty' }, 'None yet.'))]
          : rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
      ),
    ),
  );
}
