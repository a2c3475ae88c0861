import { describe, expect, it } from 'vitest';
import { fakeIo } from '../test-support/fake-io.js';
import { allowedHostsFor, hostValidationFor } from './host-validation.js';

describe('allowedHostsFor (as the toolkit has --http)', () => {
  it.each([
    ['127.0.0.1', undefined, ['localhost', '127.0.0.1', '[::1]']],
    ['::1', ['gw.lan'], ['localhost', '127.0.0.1', '[::1]', 'gw.lan']],
    ['0.0.0.0', undefined, ['localhost', '127.0.0.1', '[::1]', '0.0.0.0']],
    ['10.1.2.3', ['gw.lan', '10.1.2.3'], ['localhost', '127.0.0.1', '[::1]', '10.1.2.3', 'gw.lan']],
    ['::', undefined, ['localhost', '127.0.0.1', '[::1]', '[::]']],
    ['0.0.0.0', '*', '*'],
  ] as const)('bound to %s with %j: %j', (bind, extra, expected) => {
    expect(allowedHostsFor(bind, extra)).toEqual(expected);
  });
});

describe('hostValidationFor', () => {
  it('logs each refused Host once, cut to 120 characters, and at most 100 distinct ones', () => {
    const io = fakeIo();
    const { onRefused } = hostValidationFor(['localhost'], io.logger);
    const refuse = (value: string) =>
      onRefused?.({
        header: 'host',
        reason: 'not-allowed',
        value,
        authority: { host: value, port: undefined },
      });
    refuse('a.lan');
    refuse('a.lan');
    refuse(`${'x'.repeat(300)}.lan`);
    for (let i = 0; i < 200; i++) refuse(`h${i}.lan`);
    onRefused?.({ header: 'origin', reason: 'not-allowed', value: 'http://o.lan', authority: undefined });
    expect(io.logs).toHaveLength(100);
    expect(io.logs[0]).toEqual({
      level: 'warn',
      fields: { code: 'HOST_NOT_ALLOWED', value: 'a.lan' },
      message:
        'refused Host "a.lan": not in the allowed hosts; pass --allowed-hosts a.lan (or MCPFORGE_ALLOWED_HOSTS) to accept it',
    });
    expect((io.logs[1]?.fields as { value: string } | undefined)?.value).toHaveLength(120);
  });
});
