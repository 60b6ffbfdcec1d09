// A bank statement in AEB Norma 43 (cuaderno 43, docs/arquitectura.md §21), read without side
// effects: the bytes as the bank sends them (Latin-1), lines of 80 characters, records
// 11 (account header), 22 (movement), 23 (its complementary concepts, up to 5), 24 (its amount
// in another currency), 33 (account end, with totals) and 88 (end of file, with the count of
// records); an optional 00 (file header) is read and skipped. Anything that does not fit is refused
// with its line and the reason, in the contable's words: nothing half-read goes on.
//
// Positions (1-based, as the AEB's annex gives them):
//   11: 3-6 entidad, 7-10 oficina, 11-20 cuenta, 21-26 fecha inicial AAMMDD, 27-32 fecha final,
//       33 clave D/H del saldo inicial (1 deudor, 2 acreedor), 34-47 saldo inicial (12+2),
//       48-50 divisa (ISO numérico), 51 modalidad, 52-77 nombre abreviado, 78-80 libre
//   22: 3-6 libre, 7-10 oficina origen, 11-16 fecha operación, 17-22 fecha valor, 23-24 concepto
//       común, 25-27 concepto propio, 28 clave D/H (1 debe, 2 haber), 29-42 importe (12+2),
//       43-52 documento, 53-64 referencia 1, 65-80 referencia 2
//   23: 3-4 código de dato (01-05), 5-42 concepto, 43-80 concepto
//   24: 3-4 código de dato (01), 5-7 divisa origen, 8-21 importe en esa divisa, 22-80 libre
//   33: 3-6 entidad, 7-10 oficina, 11-20 cuenta, 21-25 nº apuntes debe, 26-39 total debe,
//       40-44 nº apuntes haber, 45-58 total haber, 59 clave D/H del saldo final, 60-73 saldo
//       final, 74-76 divisa, 77-80 libre
//   88: 3-20 nueves, 21-26 nº de registros (sin contar el 88 ni el 00), 27-80 libre
import { monedaDe } from '../base/monedas.js';
import { INT_MAX } from '../base/values.js';
import { mensajes } from '../mensajes.js';

export interface MovimientoNorma43 {
  /** Its line in the file (1-based): where the contable finds it. */
  linea: number;
  oficina: string;
  /** YYYY-MM-DD */
  fechaOperacion: string;
  fechaValor: string;
  conceptoComun: string;
  conceptoPropio: string;
  /** Céntimos, signed: negative is a cargo (debe), positive an abono (haber). */
  importe: number;
  documento: string;
  referencia1: string;
  referencia2: string;
  /** The 23 records' concepts, trimmed, in order. */
  conceptos: string[];
  /** From a 24 record: the amount in the currency it came in. */
  divisaOrigen?: { moneda: string; importe: number };
}

export interface CuentaNorma43 {
  linea: number;
  entidad: string;
  oficina: string;
  cuenta: string;
  desde: string;
  hasta: string;
  /** Céntimos, signed (deudor negative). */
  saldoInicial: number;
  saldoFinal: number;
  /** ISO 4217 alphabetic when known (978 → EUR, base/monedas.ts), else the numeric code. */
  moneda: string;
  modalidad: string;
  nombre: string;
  movimientos: MovimientoNorma43[];
}

export interface Norma43 {
  cuentas: CuentaNorma43[];
  /** The 88 record's count. */
  registros: number;
}

/** A file that is no Norma 43: where and why, in Spanish. */
export class Norma43Error extends Error {
  constructor(
    readonly linea: number,
    readonly motivo: string,
  ) {
    super(mensajes.extractos.errorEnLinea(linea, motivo));
    this.name = 'Norma43Error';
  }
}

const LONGITUD = 80;

/** 1-based inclusive positions, as the AEB's annex counts them. */
const campo = (linea: string, desde: number, hasta: number) => linea.slice(desde - 1, hasta);

function parseDigitos(texto: string, n: number, que: string): number {
  if (!/^\d+$/.test(texto)) throw new Norma43Error(n, mensajes.extractos.noNumerico(que, texto));
  return Number(texto);
}

function parseImporte(texto: string, n: number, que: string): number {
  // 12 integer and 2 decimal digits: céntimos as they stand.
  const valor = parseDigitos(texto, n, que);
  // Aula keeps céntimos in integer columns (docs/arquitectura.md §2): more than 21 million euros is no academy's.
  if (valor > INT_MAX) throw new Norma43Error(n, mensajes.extractos.importeEnorme(que));
  return valor;
}

function parseFecha(texto: string, n: number, que: string): string {
  if (!/^\d{6}$/.test(texto)) throw new Norma43Error(n, mensajes.extractos.fechaImposible(que, texto));
  const aa = Number(texto.slice(0, 2));
  const mm = Number(texto.slice(2, 4));
  const dd = Number(texto.slice(4, 6));
  // Two-digit years: the format predates 2000; banks send 20YY now, 19YY only for 80-99.
  const anio = aa >= 80 ? 1900 + aa : 2000 + aa;
  const d = new Date(Date.UTC(anio, mm - 1, dd));
  if (mm < 1 || mm > 12 || dd < 1 || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) throw new Norma43Error(n, mensajes.extractos.fechaImposible(que, texto));
  return `${anio}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

function parseSigno(texto: string, n: number, que: string): 1 | -1 {
  if (texto === '1') return -1;
  if (texto === '2') return 1;
  throw new Norma43Error(n, mensajes.extractos.signo(que, texto));
}

/**
 * Reads a Norma 43 file. Lines end in CRLF or LF; a line shorter than 80 characters is taken as
 * padded with spaces (some banks trim the blanks at the end), a longer one is refused.
 */
export function parseNorma43(bytes: Buffer): Norma43 {
  const texto = bytes.toString('latin1');
  const lineas = texto.split(/\r?\n/);
  // The last line break ends the last record; blank lines at the very end are no records.
  while (lineas.length > 0 && lineas[lineas.length - 1].trim() === '') lineas.pop();
  if (lineas.length === 0) throw new Norma43Error(1, mensajes.extractos.vacio);

  const cuentas: CuentaNorma43[] = [];
  let cuenta: CuentaNorma43 | undefined;
  let ultimo: MovimientoNorma43 | undefined;
  let contados = 0;
  let fin: { linea: number; registros: number } | undefined;

  for (let i = 0; i < lineas.length; i++) {
    const n = i + 1;
    const cruda = lineas[i];
    if (fin) throw new Norma43Error(n, mensajes.extractos.trasElFinal);
    if (cruda.length > LONGITUD) throw new Norma43Error(n, mensajes.extractos.longitud(cruda.length));
    const linea = cruda.padEnd(LONGITUD, ' ');
    const codigo = campo(linea, 1, 2);
    if (codigo !== '00' && codigo !== '88') contados++;
    switch (codigo) {
      case '00':
        if (i !== 0) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('00', mensajes.extractos.soloAlPrincipio));
        break;
      case '11': {
        if (cuenta) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('11', mensajes.extractos.cuentaSinCerrar));
        const signo = parseSigno(campo(linea, 33, 33), n, mensajes.extractos.campos.saldoInicial);
        cuenta = {
          linea: n,
          entidad: parseDigitosTexto(campo(linea, 3, 6), n, mensajes.extractos.campos.entidad),
          oficina: parseDigitosTexto(campo(linea, 7, 10), n, mensajes.extractos.campos.oficina),
          cuenta: parseDigitosTexto(campo(linea, 11, 20), n, mensajes.extractos.campos.cuenta),
          desde: parseFecha(campo(linea, 21, 26), n, mensajes.extractos.campos.fechaInicial),
          hasta: parseFecha(campo(linea, 27, 32), n, mensajes.extractos.campos.fechaFinal),
          saldoInicial: signo * parseImporte(campo(linea, 34, 47), n, mensajes.extractos.campos.saldoInicial),
          saldoFinal: 0,
          moneda: monedaDe(parseDigitosTexto(campo(linea, 48, 50), n, mensajes.extractos.campos.divisa)),
          modalidad: campo(linea, 51, 51).trim(),
          nombre: campo(linea, 52, 77).trim(),
          movimientos: [],
        };
        if (cuenta.hasta < cuenta.desde) throw new Norma43Error(n, mensajes.extractos.periodoAlReves);
        ultimo = undefined;
        break;
      }
      case '22': {
        if (!cuenta) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('22', mensajes.extractos.sinCabecera));
        const signo = parseSigno(campo(linea, 28, 28), n, mensajes.extractos.campos.debeHaber);
        ultimo = {
          linea: n,
          oficina: campo(linea, 7, 10).trim(),
          fechaOperacion: parseFecha(campo(linea, 11, 16), n, mensajes.extractos.campos.fechaOperacion),
          fechaValor: parseFecha(campo(linea, 17, 22), n, mensajes.extractos.campos.fechaValor),
          conceptoComun: parseDigitosTexto(campo(linea, 23, 24), n, mensajes.extractos.campos.conceptoComun),
          conceptoPropio: campo(linea, 25, 27).trim(),
          importe: signo * parseImporte(campo(linea, 29, 42), n, mensajes.extractos.campos.importe),
          documento: campo(linea, 43, 52).trim(),
          referencia1: campo(linea, 53, 64).trim(),
          referencia2: campo(linea, 65, 80).trim(),
          conceptos: [],
        };
        cuenta.movimientos.push(ultimo);
        break;
      }
      case '23': {
        if (!ultimo) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('23', mensajes.extractos.sinMovimiento));
        const dato = campo(linea, 3, 4);
        if (!/^0[1-5]$/.test(dato)) throw new Norma43Error(n, mensajes.extractos.codigoDato(dato));
        for (const c of [campo(linea, 5, 42), campo(linea, 43, 80)]) if (c.trim()) ultimo.conceptos.push(c.trim());
        break;
      }
      case '24': {
        if (!ultimo) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('24', mensajes.extractos.sinMovimiento));
        ultimo.divisaOrigen = {
          moneda: monedaDe(parseDigitosTexto(campo(linea, 5, 7), n, mensajes.extractos.campos.divisa)),
          importe: parseImporte(campo(linea, 8, 21), n, mensajes.extractos.campos.importeDivisa),
        };
        break;
      }
      case '33': {
        if (!cuenta) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('33', mensajes.extractos.sinCabecera));
        const c = cuenta;
        if (campo(linea, 11, 20) !== c.cuenta) throw new Norma43Error(n, mensajes.extractos.otraCuenta(campo(linea, 11, 20).trim(), c.cuenta));
        const nDebe = parseDigitos(campo(linea, 21, 25), n, mensajes.extractos.campos.apuntesDebe);
        const totalDebe = parseImporte(campo(linea, 26, 39), n, mensajes.extractos.campos.totalDebe);
        const nHaber = parseDigitos(campo(linea, 40, 44), n, mensajes.extractos.campos.apuntesHaber);
        const totalHaber = parseImporte(campo(linea, 45, 58), n, mensajes.extractos.campos.totalHaber);
        const signo = parseSigno(campo(linea, 59, 59), n, mensajes.extractos.campos.saldoFinal);
        c.saldoFinal = signo * parseImporte(campo(linea, 60, 73), n, mensajes.extractos.campos.saldoFinal);
        const cargos = c.movimientos.filter((m) => m.importe < 0);
        const abonos = c.movimientos.filter((m) => m.importe >= 0);
        const suma = (ms: MovimientoNorma43[]) => ms.reduce((s, m) => s + Math.abs(m.importe), 0);
        if (cargos.length !== nDebe || suma(cargos) !== totalDebe) throw new Norma43Error(n, mensajes.extractos.totales('debe', nDebe, totalDebe, cargos.length, suma(cargos)));
        if (abonos.length !== nHaber || suma(abonos) !== totalHaber) throw new Norma43Error(n, mensajes.extractos.totales('haber', nHaber, totalHaber, abonos.length, suma(abonos)));
        if (c.saldoInicial - totalDebe + totalHaber !== c.saldoFinal) throw new Norma43Error(n, mensajes.extractos.saldo(c.saldoInicial, totalDebe, totalHaber, c.saldoFinal));
        cuentas.push(c);
        cuenta = undefined;
        ultimo = undefined;
        break;
      }
      case '88': {
        if (cuenta) throw new Norma43Error(n, mensajes.extractos.fueraDeSitio('88', mensajes.extractos.cuentaSinCerrar));
        if (campo(linea, 3, 20) !== '9'.repeat(18)) throw new Norma43Error(n, mensajes.extractos.nueves);
        const registros = parseDigitos(campo(linea, 21, 26), n, mensajes.extractos.campos.registros);
        if (registros !== contados) throw new Norma43Error(n, mensajes.extractos.cuenta88(registros, contados));
        fin = { linea: n, registros };
        break;
      }
      default:
        throw new Norma43Error(n, mensajes.extractos.codigoDesconocido(codigo));
    }
  }
  if (cuenta) throw new Norma43Error(lineas.length, mensajes.extractos.cuentaSinCerrar);
  if (!fin) throw new Norma43Error(lineas.length, mensajes.extractos.sinFinal);
  if (cuentas.length === 0) throw new Norma43Error(fin.linea, mensajes.extractos.sinCuentas);
  return { cuentas, registros: fin.registros };
}

/** A code made of digits, kept as text (leading zeros matter). */
function parseDigitosTexto(texto: string, n: number, que: string): string {
  parseDigitos(texto, n, que);
  return texto;
}
