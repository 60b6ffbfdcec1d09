// ISO 4217's numeric currency codes, which the banks' formats speak (Redsys's Ds_Currency, a
// Norma 43 statement's divisa), and the alphabetic ones Aula keeps on its pagos: the currencies
// an academy is paid in. A code not listed stays numeric, and so never equals a pago's currency.
export const MONEDAS_ISO: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP', '756': 'CHF', '124': 'CAD', '392': 'JPY', '484': 'MXN' };

/** `978` → `EUR`; an unknown code is answered as it came. */
export const monedaDe = (codigo: string) => MONEDAS_ISO[codigo] ?? codigo;

/** `EUR` → `978`; undefined for a currency not listed. */
export const codigoDeMoneda = (moneda: string) => Object.entries(MONEDAS_ISO).find(([, a]) => a === moneda)?.[0];
