// Norma 43 files built field by field at the AEB's positions (api/src/extractos/norma43.ts), for
// the tests: each record exactly 80 characters, the file in Latin-1 as banks send it.

export interface MovimientoPrueba {
  fechaOperacion: string; // AAMMDD
  fechaValor?: string;
  /** Céntimos, signed: negative is a cargo. */
  importe: number;
  conceptoComun?: string;
  conceptoPropio?: string;
  documento?: string;
  referencia1?: string;
  referencia2?: string;
  /** Up to ten 38-character concepts, two per 23 record. */
  conceptos?: string[];
  /** A 24 record: the amount in another currency (numeric ISO code). */
  divisa?: { codigo: string; importe: number };
}

export interface CuentaPrueba {
  entidad?: string;
  oficina?: string;
  cuenta?: string;
  desde: string;
  hasta: string;
  saldoInicial?: number;
  titular?: string;
  movimientos: MovimientoPrueba[];
}

const num = (n: number, ancho: number) => String(n).padStart(ancho, '0');
const alfa = (s: string, ancho: number) => s.slice(0, ancho).padEnd(ancho, ' ');
const signo = (n: number) => (n < 0 ? '1' : '2');

function registro(partes: string[]): string {
  const linea = partes.join('');
  if (linea.length !== 80) throw new Error(`registro de ${linea.length} caracteres: ${linea}`);
  return linea;
}

/** The records of one account: 11, its 22/23/24s and its 33. */
export function buildCuenta(c: CuentaPrueba): string[] {
  const entidad = c.entidad ?? '2100';
  const oficina = c.oficina ?? '0418';
  const cuenta = c.cuenta ?? '0200051332';
  const inicial = c.saldoInicial ?? 100000;
  const lineas = [registro(['11', entidad, oficina, cuenta, c.desde, c.hasta, signo(inicial), num(Math.abs(inicial), 14), '978', '3', alfa(c.titular ?? 'ACADEMIA EJEMPLO SL', 26), '   '])];
  for (const m of c.movimientos) {
    lineas.push(
      registro([
        '22',
        '    ',
        oficina,
        m.fechaOperacion,
        m.fechaValor ?? m.fechaOperacion,
        m.conceptoComun ?? (m.importe < 0 ? '03' : '02'),
        alfa(m.conceptoPropio ?? '000', 3),
        signo(m.importe),
        num(Math.abs(m.importe), 14),
        alfa(m.documento ?? '0000000000', 10),
        alfa(m.referencia1 ?? '', 12),
        alfa(m.referencia2 ?? '', 16),
      ]),
    );
    const conceptos = m.conceptos ?? [];
    for (let i = 0; i < conceptos.length; i += 2) lineas.push(registro(['23', num(i / 2 + 1, 2), alfa(conceptos[i], 38), alfa(conceptos[i + 1] ?? '', 38)]));
    if (m.divisa) lineas.push(registro(['24', '01', m.divisa.codigo, num(m.divisa.importe, 14), ' '.repeat(59)]));
  }
  const debe = c.movimientos.filter((m) => m.importe < 0);
  const haber = c.movimientos.filter((m) => m.importe >= 0);
  const suma = (ms: MovimientoPrueba[]) => ms.reduce((s, m) => s + Math.abs(m.importe), 0);
  const final = inicial - suma(debe) + suma(haber);
  lineas.push(registro(['33', entidad, oficina, cuenta, num(debe.length, 5), num(suma(debe), 14), num(haber.length, 5), num(suma(haber), 14), signo(final), num(Math.abs(final), 14), '978', '    ']));
  return lineas;
}

/** A whole file: the accounts' records and the 88 with their count, CRLF, in Latin-1. */
export function buildNorma43(...cuentas: CuentaPrueba[]): Buffer {
  const lineas = cuentas.flatMap(buildCuenta);
  lineas.push(registro(['88', '9'.repeat(18), num(lineas.length, 6), ' '.repeat(54)]));
  return Buffer.from(`${lineas.join('\r\n')}\r\n`, 'latin1');
}

/** The file's lines as text (to break one on purpose) and back to Latin-1 bytes. */
export const lineasDe = (archivo: Buffer) => archivo.toString('latin1').split('\r\n').filter(Boolean);
export const archivoDe = (lineas: string[]) => Buffer.from(`${lineas.join('\r\n')}\r\n`, 'latin1');
