// Spanish tax identifiers and their control character (Orden EHA/451/2008): a DNI or NIE ends
// in a letter that depends on its number; a CIF (a company) ends in a digit or a letter computed
// from its seven digits. A typo in an invoice's NIF makes it unlawful, so it is checked.

const LETRAS_DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
const LETRAS_CIF = 'JABCDEFGHI';

/** Upper case, without the spaces, dots and hyphens people type: «b-12.345.678» → «B12345678». */
export const normalizeNif = (nif: string) => nif.toUpperCase().replace(/[\s.\-]/g, '');

function dniValido(numero: string, letra: string): boolean {
  return LETRAS_DNI[Number(numero) % 23] === letra;
}

function cifValido(tipo: string, digitos: string, control: string): boolean {
  let suma = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digitos[i]);
    // Positions 1, 3, 5, 7 (even indices) count double, their digits added.
    suma += i % 2 === 0 ? Math.floor((d * 2) / 10) + ((d * 2) % 10) : d;
  }
  const digito = (10 - (suma % 10)) % 10;
  // Public bodies and foreign entities carry a letter; limited companies a digit; others either.
  if ('PQRSNW'.includes(tipo)) return control === LETRAS_CIF[digito];
  if ('ABEH'.includes(tipo)) return control === String(digito);
  return control === String(digito) || control === LETRAS_CIF[digito];
}

/** Whether `nif` (already normalised) is a DNI, NIE, CIF or K/L/M NIF with the right control character. */
export function nifValido(nif: string): boolean {
  let m = /^(\d{8})([A-Z])$/.exec(nif);
  if (m) return dniValido(m[1], m[2]);
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(nif);
  if (m) return dniValido(`${'XYZ'.indexOf(m[1])}${m[2]}`, m[3]);
  m = /^([KLM])(\d{7})([A-Z])$/.exec(nif);
  if (m) return dniValido(m[2], m[3]);
  m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(nif);
  if (m) return cifValido(m[1], m[2], m[3]);
  return false;
}
