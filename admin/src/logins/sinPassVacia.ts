import type { RaRecord } from 'react-admin';

// The stored password is never shown; it changes only when a new one is typed.
export const sinPassVacia = ({ pass, ...resto }: RaRecord) => (pass ? { ...resto, pass } : resto);
