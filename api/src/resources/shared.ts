// Field definitions several entities share, so a rule (such as what a currency code is) is
// written once.
import type { Field } from '../base/types.js';

/** ISO 4217 currency code; money itself is always an integer number of céntimos. */
export const moneda: Field = { type: 'string', pattern: '^[A-Z]{3}$', default: 'EUR' };
