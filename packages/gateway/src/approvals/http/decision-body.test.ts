import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../errors/gateway-error.js';
import { MAX_NOTE_LENGTH } from '../approval-service.js';
import { readDecisionBody } from './decision-body.js';

function refusal(body: unknown, action: 'approve' | 'deny'): GatewayError {
  try {
    readDecisionBody(body, action);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('the body of a decision', () => {
  it('takes { approve: "yes" } on approve and { approve: "no" } on deny, with an optional note', () => {
    expect(readDecisionBody({ approve: 'yes' }, 'approve')).toEqual({});
    expect(readDecisionBody({ approve: 'no', note: 'not today' }, 'deny')).toEqual({ note: 'not today' });
    expect(
      readDecisionBody({ approve: 'yes', note: 'x'.repeat(MAX_NOTE_LENGTH) }, 'approve').note,
    ).toHaveLength(MAX_NOTE_LENGTH);
  });

  it('refuses a missing body, the other decision, a non-string approve, unknown fields and a long note, naming the field', () => {
    expect(refusal(undefined, 'approve')).toMatchObject({ code: 'invalid_field', field: 'approve' });
    expect(refusal({}, 'deny')).toMatchObject({ code: 'invalid_field', field: 'approve' });
    expect(refusal({ approve: 'no' }, 'approve').message).toBe(
      'approve: must be "yes" on .../approve (to deny, POST to .../deny)',
    );
    expect(refusal({ approve: 'yes' }, 'deny')).toMatchObject({ field: 'approve' });
    expect(refusal({ approve: true }, 'approve')).toMatchObject({ field: 'approve' });
    expect(refusal({ approve: 'yes', reason: 'x' }, 'approve')).toMatchObject({ field: 'reason' });
    expect(refusal({ approve: 'yes', note: 5 }, 'approve')).toMatchObject({ field: 'note' });
    expect(refusal({ approve: 'yes', note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, 'approve')).toMatchObject({
      field: 'note',
    });
    expect(refusal(['yes'], 'approve')).toMatchObject({ code: 'invalid_field' });
  });
});
