// The invoice PDF as the customer gets it, read back by Debian's poppler and zbar (CI installs
// them): the texts RD 1619/2012 requires, in Spanish formats; a QR a phone decodes to exactly the
// AEAT's cotejo URL; and that QR printed within the 30–40 mm the AEAT allows, measured on the page.
// What it claims depends on the remission: «Factura verificable…» below the QR, no
// smaller than the invoice's data, and ValidarQR only while the records reach the AEAT; with
// VERIFACTU=desactivado, no such phrase and ValidarQRNoVerifactu.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARGEN_QR, opcionesCotejo, qrModulos, qrSvg, urlCotejo, type OpcionesCotejo } from '../../../src/resources/facturas/cotejo.js';
import { facturaPdf, FRASE_VERIFICABLE, LADO_QR_MM, type FacturaImprimible } from '../../../src/resources/facturas/pdf.js';

const run = promisify(execFile);
const timeZone = 'Europe/Madrid';

const emisor = { emisorNif: 'B12345674', emisorNombre: 'Formación Núñez S.L.', emisorDomicilio: 'Calle de la Peña 3, 28001 Madrid' };

// 23:30 UTC on 31 January is 1 February in Madrid: the date printed is the business's day.
const f1: FacturaImprimible = {
  ...emisor,
  serie: 'A',
  numero: 7,
  fecha: '2025-01-31T23:30:00Z',
  tipo: 'F1',
  clienteNombre: 'José Ibáñez Peña',
  clienteNif: '12345678Z',
  clienteDireccion: 'Avenida de España 10, 3.º B, 46001 Valencia',
  concepto: 'Curso de guitarra española: 12 clases en vídeo',
  base: 123456,
  tipoIva: 21,
  cuotaIva: 25926,
  total: 149382,
  estado: 'emitida',
};

const r4: FacturaImprimible = {
  ...f1,
  serie: 'R',
  numero: 3,
  fecha: '2025-02-10T10:00:00Z',
  tipo: 'R4',
  concepto: 'Devolución de 4 clases del curso',
  base: -4900,
  tipoIva: 0,
  cuotaIva: 0,
  total: -4900,
  rectificada: { serie: 'A', numero: 7, fecha: f1.fecha },
  motivoRectificacion: 'Devolución parcial solicitada por el alumno',
};

// The address of A-7 was wrong: R-4 is A-7 again, whole, with the customer corrected.
const s1: FacturaImprimible = {
  ...f1,
  serie: 'R',
  numero: 4,
  fecha: '2025-02-12T10:00:00Z',
  tipo: 'R1',
  clienteDireccion: 'Calle de Colón 5, 1.º, 46004 Valencia',
  rectificada: { serie: 'A', numero: 7, fecha: f1.fecha },
  motivoRectificacion: 'Dirección del cliente mal escrita',
  tipoRectificativa: 'S',
  baseRectificada: 123456,
  cuotaRectificada: 25926,
};

const f2: FacturaImprimible = {
  ...emisor,
  serie: 'A',
  numero: 8,
  fecha: '2025-03-05T12:00:00Z',
  tipo: 'F2',
  clienteNombre: null,
  clienteNif: null,
  clienteDireccion: null,
  concepto: 'Curso de dibujo',
  base: 4900,
  tipoIva: 0,
  cuotaIva: 0,
  total: 4900,
  estado: 'anulada',
};

// One invoice per mode: VERIFACTU=produccion, =pruebas, =desactivado outside production and in it.
const modo = (verifactu: string, env = 'development'): OpcionesCotejo => opcionesCotejo({ env, timeZone, verifactu: { modo: verifactu } });
const casos = {
  f1: { f: f1, opciones: modo('produccion') },
  r4: { f: r4, opciones: modo('pruebas') },
  s1: { f: s1, opciones: modo('pruebas') },
  f2: { f: f2, opciones: modo('desactivado') },
  f1SinRemision: { f: { ...f1, numero: 9 }, opciones: modo('desactivado', 'production') },
};
type Caso = keyof typeof casos;

let dir: string;
const pdfs = {} as Record<Caso, string>;
const textos = {} as Record<Caso, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aula-factura-pdf-'));
  for (const [nombre, { f, opciones }] of Object.entries(casos) as [Caso, (typeof casos)[Caso]][]) {
    pdfs[nombre] = join(dir, `${nombre}.pdf`);
    await writeFile(pdfs[nombre], await facturaPdf(f, opciones));
    // pdftotext gives the no-break space between amount and «€» back as a plain one; normalised
    // anyway, so the assertions read the amounts as people do.
    textos[nombre] = (await run('pdftotext', ['-layout', pdfs[nombre], '-'])).stdout.replace(/\u00a0/g, ' ');
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Page 1 at `dpi`, rendered by poppler; answers the file's path (`.png`, or `.pgm` in grey). */
async function pagina1(caso: Caso, dpi: number, formato: 'png' | 'pgm'): Promise<string> {
  const base = join(dir, `${caso}-${dpi}`);
  await run('pdftoppm', ['-r', String(dpi), ...(formato === 'png' ? ['-png'] : ['-gray']), '-f', '1', '-l', '1', '-singlefile', pdfs[caso], base]);
  return `${base}.${formato}`;
}

/** Which of `esperados` the text lacks: all of them listed at once when a test fails. */
const faltan = (texto: string, esperados: string[]) => esperados.filter((e) => !texto.includes(e));

describe('urlCotejo', () => {
  const f = { emisorNif: 'B12345674', serie: 'A/B&C 1', numero: 7, fecha: '2025-01-31T23:30:00Z', total: -4900 };

  it('with the records sent to the AEAT\'s test service: its test site, ValidarQR, every value encoded', () => {
    expect(urlCotejo(f, modo('pruebas'))).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=A%2FB%26C%201-7&fecha=01-02-2025&importe=-49.00',
    );
  });

  it('with the records sent to production: the real site, ValidarQR, the amount as a decimal with a point', () => {
    expect(urlCotejo({ emisorNif: 'B12345674', serie: 'A', numero: 7, fecha: f1.fecha, total: 123456 }, modo('produccion'))).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=A-7&fecha=01-02-2025&importe=1234.56',
    );
  });

  it('with the remission off: ValidarQRNoVerifactu, on the real site only in production', () => {
    expect(urlCotejo(f, modo('desactivado'))).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu?nif=B12345674&numserie=A%2FB%26C%201-7&fecha=01-02-2025&importe=-49.00',
    );
    expect(urlCotejo(f, modo('desactivado', 'production'))).toMatch(/^https:\/\/www2\.agenciatributaria\.gob\.es\/wlpl\/TIKE-CONT\/ValidarQRNoVerifactu\?/);
    // Whatever NODE_ENV says, the site is the one the records go to.
    expect(urlCotejo(f, modo('pruebas', 'production'))).toMatch(/^https:\/\/prewww2\.aeat\.es\/wlpl\/TIKE-CONT\/ValidarQR\?/);
  });
});

describe('qrSvg', () => {
  it('draws the same level-M symbol as the PDF, with a 4-module quiet zone', async () => {
    const url = urlCotejo(f1, modo('produccion'));
    const svg = await qrSvg(url);
    const lado = qrModulos(url).length + 2 * MARGEN_QR;
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${lado} ${lado}"`));
  });
});

describe('facturaPdf', () => {
  it('prints every mention of a complete invoice (art. 6), amounts in Spanish', () => {
    const t = textos.f1;
    expect(faltan(t, [
      'QR tributario:',
      'Factura',
      'Número: A-7',
      'Fecha de expedición: 01/02/2025',
      'Formación Núñez S.L.',
      'NIF: B12345674',
      'Calle de la Peña 3, 28001 Madrid',
      'José Ibáñez Peña',
      'NIF: 12345678Z',
      'Avenida de España 10, 3.º B, 46001 Valencia',
      'Curso de guitarra española: 12 clases en vídeo',
      '1.234,56 €',
      '21 %',
      '259,26 €',
      '1.493,82 €',
    ])).toEqual([]);
    expect(t).not.toMatch(/rectificativa|simplificada|exenta|ANULADA/);
  });

  it('names a rectificativa, its kind, the invoice it corrects and why, with negative amounts', () => {
    const t = textos.r4;
    expect(faltan(t, [
      'Factura rectificativa',
      'Número: R-3',
      'R4: resto de causas',
      'Factura rectificada',
      'Número: A-7',
      'Fecha de expedición: 01/02/2025',
      'Motivo: Devolución parcial solicitada por el alumno',
      '-49,00 €',
      'Operación exenta de IVA (art. 20 Uno 9.º de la Ley 37/1992)',
    ])).toEqual([]);
  });

  it('prints a substitute with the corrected customer, the invoice it replaces and what that one amounted to', () => {
    const t = textos.s1;
    expect(faltan(t, [
      'Factura rectificativa',
      'Número: R-4',
      'R1: error fundado en derecho',
      'José Ibáñez Peña',
      'NIF: 12345678Z',
      'Calle de Colón 5, 1.º, 46004 Valencia',
      'Factura rectificada',
      'Número: A-7',
      'Motivo: Dirección del cliente mal escrita',
      'Importes de la factura sustituida: base imponible 1.234,56 €, cuota de IVA 259,26 €',
      'esta factura sustituye a la A-7, que queda sin efecto',
      '1.493,82 €',
    ])).toEqual([]);
    expect(t).not.toContain('Avenida de España 10');
    expect(t).not.toContain('por diferencias');
  });

  it('prints a simplified invoice (art. 7) without client data it lacks, IVA included, and marks it annulled', () => {
    const t = textos.f2;
    expect(faltan(t, ['Factura simplificada', 'Número: A-8', 'Formación Núñez S.L.', 'NIF: B12345674'])).toEqual([]);
    expect(faltan(t, ['Total (IVA incluido)', '49,00 €', 'Operación exenta de IVA', 'ANULADA'])).toEqual([]);
    expect(t).not.toContain('CLIENTE');
  });

  it('names the document in its metadata', async () => {
    const { stdout } = await run('pdfinfo', [pdfs.r4]);
    expect(stdout).toMatch(/^Title:\s+Factura rectificativa R-3$/m);
    expect(stdout).toMatch(/^Author:\s+Formación Núñez S\.L\.$/m);
    expect(stdout).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });

  it.each(Object.keys(casos) as Caso[])('carries a QR that decodes to the cotejo URL (%s)', async (caso) => {
    const { f, opciones } = casos[caso];
    const { stdout } = await run('zbarimg', ['--raw', '-q', await pagina1(caso, 150, 'png')]);
    const url = urlCotejo(f, opciones);
    expect(url.startsWith(opciones.produccion ? 'https://www2.agenciatributaria.gob.es/' : 'https://prewww2.aeat.es/')).toBe(true);
    expect(url.includes(opciones.verificable ? '/ValidarQR?' : '/ValidarQRNoVerifactu?')).toBe(true);
    expect(stdout).toBe(`${url}\n`);
  });

  it('says «Factura verificable en la sede electrónica de la AEAT» below the QR only while the records reach the AEAT', () => {
    expect(textos.f1.replace(/\s+/g, ' ')).toContain(FRASE_VERIFICABLE);
    expect(textos.r4.replace(/\s+/g, ' ')).toContain(FRASE_VERIFICABLE);
    for (const caso of ['f2', 'f1SinRemision'] as const) {
      expect(textos[caso]).not.toMatch(/verificable|VERI\*?FACTU/i);
      expect(textos[caso]).toContain('QR tributario:');
    }
  });

  it('prints that phrase and «QR tributario:» no smaller than the invoice\'s data', async () => {
    // Word boxes as poppler lays them out: a word's height is its font's size on the page.
    const { stdout } = await run('pdftotext', ['-bbox', pdfs.f1, '-']);
    const alturas = new Map<string, number>();
    for (const m of stdout.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      if (!alturas.has(m[3])) alturas.set(m[3], Number(m[2]) - Number(m[1]));
    }
    const dato = alturas.get('José')!;
    expect(dato).toBeGreaterThan(0);
    for (const palabra of ['verificable', 'sede', 'electrónica', 'tributario:']) expect(alturas.get(palabra)).toBeGreaterThanOrEqual(dato);
  });

  it('prints the QR 30 to 40 mm square, at the top of the first page', async () => {
    const dpi = 300;
    const { ancho, alto, oscuro } = leerPgm(await readFile(await pagina1('f1', dpi, 'pgm')));
    const qr = simboloQr(ancho, alto, oscuro);
    const mmDe = (px: number) => (px * 25.4) / dpi;
    const lado = { ancho: mmDe(qr.derecha - qr.izquierda + 1), alto: mmDe(qr.abajo - qr.arriba + 1) };
    for (const medida of [lado.ancho, lado.alto]) {
      expect(medida).toBeGreaterThanOrEqual(30);
      expect(medida).toBeLessThanOrEqual(40);
      expect(medida).toBeCloseTo(LADO_QR_MM, 0);
    }
    expect(mmDe(qr.arriba)).toBeLessThan(40);
  });
});

/** A binary greyscale PGM (P5, as pdftoppm -gray writes it). */
function leerPgm(pgm: Buffer) {
  const cabecera = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'));
  if (!cabecera) throw new Error('not a binary PGM');
  const [, ancho, alto] = cabecera.map(Number);
  const datos = pgm.subarray(cabecera[0].length);
  return { ancho, alto, oscuro: (x: number, y: number) => datos[y * ancho + x] < 128 };
}

/**
 * The QR's bounding box on the page. The symbol is by far the tallest block of consecutive rows
 * with ink in the page's right half (its captions and the text beside it are single lines
 * separated by white rows, the quiet zone included), so that block's rows and its inked columns
 * are the symbol's edges.
 */
function simboloQr(ancho: number, alto: number, oscuro: (x: number, y: number) => boolean) {
  const desde = Math.floor(ancho / 2);
  const conTinta = (y: number) => {
    for (let x = desde; x < ancho; x++) if (oscuro(x, y)) return true;
    return false;
  };
  let mejor = { arriba: 0, abajo: -1 };
  for (let y = 0, inicio = -1; y <= alto; y++) {
    if (y < alto && conTinta(y)) {
      if (inicio < 0) inicio = y;
    } else if (inicio >= 0) {
      if (y - 1 - inicio > mejor.abajo - mejor.arriba) mejor = { arriba: inicio, abajo: y - 1 };
      inicio = -1;
    }
  }
  let izquierda = ancho;
  let derecha = -1;
  for (let y = mejor.arriba; y <= mejor.abajo; y++) {
    for (let x = desde; x < ancho; x++) {
      if (oscuro(x, y)) {
        izquierda = Math.min(izquierda, x);
        derecha = Math.max(derecha, x);
      }
    }
  }
  return { ...mejor, izquierda, derecha };
}
