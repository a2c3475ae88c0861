import { adminGet, adminSend, type Page, seg } from '../api.js';
import { button, field, h, replace, select, table } from '../dom.js';
import { prettyJson, time } from '../format.js';
import { listOf } from '../forms.js';
import { lineDiff } from '../line-diff.js';
import type { Operation, OperationDraft, OperationVersion } from '../models.js';
import { checkInputSchema } from '../schema-check.js';
import { workspace } from '../session.js';
import { describe, type View } from '../view.js';

/**
 * Operations: the list with each one's draft and published state, and the draft editor (tool
 * name, title, description, sections, input schema checked as typed, the REST binding, timeout,
 * approval), the diff of the draft against the last published version, publish and archive.
 * @module
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function state(operation: Operation): string {
  if (operation.archivedAt !== null) return 'archived';
  if (operation.latestVersion === 0) return `draft r${operation.draftRevision}, never published`;
  return `published v${operation.latestVersion}, draft r${operation.draftRevision}`;
}

export async function renderOperations(view: View): Promise<void> {
  const content = view.page('Operations');
  if (workspace() === '') {
    content.append(
      h('p', {}, 'Create a workspace first: ', h('a', { href: '#/workspaces' }, 'Workspaces'), '.'),
    );
    return;
  }
  content.append(h('p', {}, h('a', { href: '#/operations/new', class: 'btn btn-primary' }, 'New operation')));
  const page = await adminGet<Page<Operation>>(
    `/workspaces/${seg(workspace())}/operations?limit=500&includeArchived=true`,
  );
  if (!view.live()) return;
  if (page.items.length === 0) {
    content.append(h('p', { class: 'empty' }, 'No operations yet.'));
    return;
  }
  content.append(
    table(
      `Operations of ${workspace()}`,
      ['Operation', 'Tool', 'Approval', 'State', 'Updated'],
      page.items.map((item) => [
        h('a', { href: `#/operations/${seg(item.slug)}` }, item.slug),
        item.draft.name,
        item.draft.approval === 'required' ? 'human approval' : 'none',
        state(item),
        time(item.updatedAt),
      ]),
    ),
  );
}

const NEW_DRAFT: OperationDraft = {
  name: '',
  description: '',
  sections: [],
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  binding: { method: 'GET', baseUrl: 'https://', path: '/', arguments: {} },
  approval: 'none',
};

function diffView(before: unknown, after: unknown): HTMLElement {
  const lines = lineDiff(prettyJson(before), prettyJson(after));
  if (lines.every((line) => line.kind === 'same'))
    return h('p', {}, 'The draft equals the last published version.');
  const sign = { same: '  ', added: '+ ', removed: '- ' } as const;
  return h(
    'pre',
    {
      class: 'diff',
      tabindex: 0,
      'aria-label': 'Draft against the last published version: + added, - removed',
    },
    ...lines.map((line) => h('span', { class: `diff-${line.kind}` }, `${sign[line.kind]}${line.text}\n`)),
  );
}

export async function renderOperation(view: View, slug: string): Promise<void> {
  const creating = slug === 'new';
  const content = view.page(creating ? 'New operation' : `Operation ${slug}`);
  const base = `/workspaces/${seg(workspace())}/operations`;
  const operation = creating ? undefined : await adminGet<Operation>(`${base}/${seg(slug)}`);
  if (!view.live()) return;
  const draft = operation?.draft ?? NEW_DRAFT;
  const slugInput = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const name = h('input', { type: 'text', required: true, value: draft.name, autocomplete: 'off' });
  const title = h('input', { type: 'text', value: draft.title ?? '', autocomplete: 'off' });
  const description = h('textarea', { rows: 3, required: true }, draft.description);
  const sections = h('input', { type: 'text', value: draft.sections.join(', '), autocomplete: 'off' });
  const schema = h(
    'textarea',
    { rows: 10, class: 'code', spellcheck: 'false' },
    prettyJson(draft.inputSchema),
  );
  const schemaStatus = h('div', { id: 'schema-status', 'aria-live': 'polite' });
  const method = select(
    METHODS.map((m) => [m, m] as const),
    draft.binding.method,
  );
  const baseUrl = h('input', {
    type: 'url',
    required: true,
    value: draft.binding.baseUrl,
    autocomplete: 'off',
  });
  const path = h('input', { type: 'text', required: true, value: draft.binding.path, autocomplete: 'off' });
  const args = h(
    'textarea',
    { rows: 4, class: 'code', spellcheck: 'false' },
    prettyJson(draft.binding.arguments),
  );
  const timeout = h('input', { type: 'number', min: 1, max: 60000, value: draft.binding.timeoutMs ?? 10000 });
  const approval = h('input', {
    type: 'checkbox',
    id: 'op-approval',
    checked: draft.approval === 'required',
  });
  const message = h('div', { 'aria-live': 'polite' });
  const checkSchema = () => {
    const problems = checkInputSchema(schema.value);
    schema.setAttribute('aria-invalid', problems.length > 0 ? 'true' : 'false');
    replace(
      schemaStatus,
      problems.length === 0
        ? h('p', { class: 'ok' }, 'Input schema: valid.')
        : h('ul', { class: 'error' }, ...problems.map((problem) => h('li', {}, problem))),
    );
    return problems.length === 0;
  };
  schema.addEventListener('input', checkSchema);
  const schemaField = field('Input schema (JSON Schema 2020-12)', schema);
  schema.setAttribute('aria-describedby', 'schema-status');
  schemaField.append(schemaStatus);
  checkSchema();

  const build = (): OperationDraft => {
    const next: OperationDraft = {
      ...draft,
      name: name.value.trim(),
      description: description.value.trim(),
      sections: listOf(sections.value),
      inputSchema: JSON.parse(schema.value),
      binding: {
        ...draft.binding,
        method: method.value,
        baseUrl: baseUrl.value.trim(),
        path: path.value.trim(),
        arguments: JSON.parse(args.value || '{}'),
        timeoutMs: Number(timeout.value),
      },
      approval: approval.checked ? 'required' : 'none',
    };
    if (title.value.trim() === '') delete next.title;
    else next.title = title.value.trim();
    return next;
  };
  const act = (work: () => Promise<void>) => {
    replace(message);
    work().catch((error: unknown) =>
      replace(message, h('p', { class: 'error', role: 'alert' }, describe(error))),
    );
  };
  const save = () =>
    act(async () => {
      if (!checkSchema()) throw new Error('Fix the input schema first.');
      let next: OperationDraft;
      try {
        next = build();
      } catch {
        throw new Error('The argument placement is not JSON.');
      }
      if (creating) {
        const created = await adminSend<Operation>('POST', base, {
          slug: slugInput.value.trim(),
          draft: next,
        });
        view.announce(`Operation ${created.slug} created.`);
        window.location.hash = `#/operations/${seg(created.slug)}`;
        return;
      }
      await adminSend('PUT', `${base}/${seg(slug)}/draft`, {
        draft: next,
        expectedDraftRevision: operation!.draftRevision,
      });
      view.announce('Draft saved.');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
  const form = h(
    'form',
    {
      class: 'card editor',
      'aria-label': 'Draft',
      on: {
        submit: (event) => {
          event.preventDefault();
          save();
        },
      },
    },
    creating
      ? field(
          'Slug',
          slugInput,
          'The operation’s id in this workspace: lowercase letters, digits and dashes.',
        )
      : undefined,
    field('Tool name', name, 'The name a model calls: letters, digits, _ and -.'),
    field('Title', title),
    field('Description', description, 'What the tool does, for a model choosing it. Shown as plain text.'),
    field('Sections', sections, 'Section slugs, separated by commas.'),
    schemaField,
    h(
      'fieldset',
      {},
      h('legend', {}, 'REST binding'),
      field('Method', method),
      field('Base URL', baseUrl, 'Its host must be on the workspace’s upstream allow-list to publish.'),
      field('Path', path, '{name} is a path argument.'),
      field(
        'Argument placement (JSON)',
        args,
        'Per argument: { "in": "query" | "path" | "header" | "body", "name"? }',
      ),
      field('Timeout (ms)', timeout),
    ),
    h(
      'div',
      { class: 'check' },
      approval,
      h('label', { for: 'op-approval' }, 'Requires human approval before each call'),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'btn btn-primary' }, creating ? 'Create operation' : 'Save draft'),
    ),
    message,
  );
  content.append(h('p', {}, h('a', { href: '#/operations' }, '← All operations')));
  if (operation !== undefined) {
    content.append(h('p', { class: 'state' }, `State: ${state(operation)}`));
    const publish = button(
      'Publish',
      () =>
        act(async () => {
          const answer = await adminSend<{ version: number }>('POST', `${base}/${seg(slug)}/publish`);
          view.announce(`Published version ${answer.version}.`);
          window.dispatchEvent(new HashChangeEvent('hashchange'));
        }),
      'primary',
    );
    const confirmBox = h('div', { 'aria-live': 'polite' });
    const archive = button(
      'Archive…',
      () => {
        const yes = button(
          'Yes, archive it',
          () =>
            act(async () => {
              await adminSend('POST', `${base}/${seg(slug)}/archive`);
              view.announce(`Operation ${slug} archived.`);
              window.location.hash = '#/operations';
            }),
          'danger',
        );
        replace(
          confirmBox,
          h('p', {}, 'Archive this operation? Agents published later leave it out.'),
          h(
            'div',
            { class: 'actions' },
            yes,
            button('Cancel', () => {
              replace(confirmBox);
              archive.focus();
            }),
          ),
        );
        yes.focus();
      },
      'danger',
      { disabled: operation.archivedAt !== null },
    );
    content.append(h('div', { class: 'actions' }, publish, archive), confirmBox);
  }
  content.append(form);
  if (operation !== undefined && operation.latestVersion > 0) {
    const published = await adminGet<OperationVersion>(
      `${base}/${seg(slug)}/versions/${operation.latestVersion}`,
    );
    if (!view.live()) return;
    content.append(
      h(
        'section',
        { 'aria-labelledby': 'diff-title' },
        h('h2', { id: 'diff-title' }, `Draft against published v${published.version}`),
        diffView(published.definition, operation.draft),
      ),
    );
  }
}
