// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the text holds literal template syntax
import { describe, expect, it } from 'vitest';
import { clampText, plainText, titleText } from './text.js';

describe('spec text', () => {
  it('strips HTML tags and comments, keeps block breaks and decodes the common entities once', () => {
    expect(plainText('<p>Lists <b>pets</b>.</p><!-- hidden --><script>alert(1)</script>&amp;lt;')).toBe(
      'Lists pets.\nalert(1)&lt;',
    );
  });

  it('keeps {{ }} and ${ } as literal, inert text', () => {
    expect(plainText('Use {{ secrets.TOKEN }} or ${HOME} or #{x}')).toBe(
      'Use {{ secrets.TOKEN }} or ${HOME} or #{x}',
    );
  });

  it('cuts with an ellipsis, never inside a surrogate pair; titles are one line', () => {
    expect(clampText('abcdef', 4)).toBe('abc…');
    expect(clampText('ab😀cd', 4)).toBe('ab…');
    expect(titleText('  Get\n  a <i>pet</i> ', 128)).toBe('Get a pet');
    expect(titleText('<br>', 128)).toBeUndefined();
  });
});
