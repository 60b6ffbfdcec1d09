// The password policy's minimum length, apart from the policy (api/src/auth/politica.ts) so that the admin's
// forms can check it in the browser with the very number the API enforces.
export const LONGITUD_MINIMA = 12;
