// How an issued invoice's identity and amounts are written where the law reads them: the
// VeriFactu record (and so its huella), the AEAT's QR and the PDF all use these, so the same
// invoice is the same text everywhere.
import { diaEn } from '../../informes/tiempo.js';

/** `A-7`: the serie and the number, as printed and as hashed (NumSerieFactura). */
export const numSerieFactura = (serie: string, numero: number) => `${serie}-${numero}`;

/** `dd-mm-aaaa` of the day of issue in the business's zone (FechaExpedicionFactura). */
export function fechaExpedicion(fecha: Date | string, timeZone: string): string {
  const [a, m, d] = diaEn(new Date(fecha), timeZone).split('-');
  return `${d}-${m}-${a}`;
}

/** Céntimos as the AEAT's decimal string: `1235` → `12.35`, `-4900` → `-49.00`. */
export function importeDecimal(centimos: number): string {
  const signo = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  return `${signo}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
