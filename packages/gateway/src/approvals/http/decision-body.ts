import { readBodyFields } from '../../admin/request-input.js';
import { readOptionalString } from '../../catalog/field-reader.js';
import { invalidField } from '../../errors/gateway-error.js';
import { MAX_NOTE_LENGTH } from '../approval-service.js';

/**
 * The body of `POST .../approve` (`{ "approve": "yes", "note"? }`) and of `POST .../deny`
 * (`{ "approve": "no", "note"? }`). The `approve` field is required and must agree with the
 * path: a front end that sends `"no"` to `/approve` has a bug, and guessing would execute a
 * side effect nobody meant. Unknown fields are refused, named.
 * @module
 */

/** The decision a path takes. */
export type DecisionAction = 'approve' | 'deny';

const FIELDS = ['approve', 'note'] as const;

/** The note of a decision body for `action`. @throws GatewayError `invalid_field` naming the field. */
export function readDecisionBody(body: unknown, action: DecisionAction): { note?: string | undefined } {
  const expected = action === 'approve' ? 'yes' : 'no';
  if (body === undefined) {
    throw invalidField('approve', `is required: send { "approve": "${expected}" } to .../${action}`);
  }
  const record = readBodyFields(body, FIELDS);
  if (record['approve'] !== expected) {
    const other = action === 'approve' ? 'deny' : 'approve';
    throw invalidField(
      'approve',
      record['approve'] === undefined
        ? `is required: send { "approve": "${expected}" } to .../${action}`
        : `must be "${expected}" on .../${action} (to ${other}, POST to .../${other})`,
    );
  }
  const note = readOptionalString(record['note'], 'note', { min: 0, max: MAX_NOTE_LENGTH });
  return note === undefined ? {} : { note };
}
