// The AEAT's cotejo QR: a URL on the tax agency's site where whoever receives the invoice checks
// that it was reported. The admin's invoice page and the PDF draw the same symbol from here, so
// what the customer scans on paper is what the administrator sees on screen.
import QRCode from 'qrcode';
import { fechaExpedicion, importeDecimal, numSerieFactura } from './formato.js';

export interface FacturaCotejable {
  emisorNif: string;
  serie: string;
  numero: number;
  /** ISO instant of issue. */
  fecha: string;
  /** Céntimos, IVA included. */
  total: number;
}

// The QR points at the AEAT's real site when the records go to its production service, and at
// its test environment when they go to its test service; with the remission off, at the real site
// only in production. Only a system that sends its records may send the customer to ValidarQR
// (the invoice is verifiable there); otherwise the QR leads to ValidarQRNoVerifactu (AEAT, QR
// specification v0.5.0, §5).
const HOST_PRODUCCION = 'https://www2.agenciatributaria.gob.es';
const HOST_PRUEBAS = 'https://prewww2.aeat.es';

export interface OpcionesCotejo {
  produccion: boolean;
  /** The records reach the AEAT (VERIFACTU on): the invoice is verifiable, and says so. */
  verificable: boolean;
  timeZone: string;
}

/** What the cotejo needs of the configuration: which AEAT site, and whether the invoice is verifiable. */
export const opcionesCotejo = ({ env, timeZone, verifactu }: { env: string; timeZone: string; verifactu: { modo: string } }): OpcionesCotejo => ({
  produccion: verifactu.modo === 'produccion' || (verifactu.modo === 'desactivado' && env === 'production'),
  verificable: verifactu.modo !== 'desactivado',
  timeZone,
});

export function urlCotejo(f: FacturaCotejable, opts: OpcionesCotejo): string {
  const parametros: [string, string][] = [
    ['nif', f.emisorNif],
    ['numserie', numSerieFactura(f.serie, f.numero)],
    ['fecha', fechaExpedicion(f.fecha, opts.timeZone)],
    ['importe', importeDecimal(f.total)],
  ];
  // Every value encoded: a serie may hold «/», «&» or spaces, which would otherwise cut the query.
  const query = parametros.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${opts.produccion ? HOST_PRODUCCION : HOST_PRUEBAS}/wlpl/TIKE-CONT/${opts.verificable ? 'ValidarQR' : 'ValidarQRNoVerifactu'}?${query}`;
}

// Level M is what the AEAT's QR specification asks for; 4 modules of quiet zone is the ISO minimum.
const NIVEL = 'M';
export const MARGEN_QR = 4;

/** The symbol as an SVG document, quiet zone included, for the admin's invoice page. */
export const qrSvg = (texto: string): Promise<string> =>
  QRCode.toString(texto, { type: 'svg', errorCorrectionLevel: NIVEL, margin: MARGEN_QR });

/** The symbol's modules, quiet zone excluded: `true` is dark. For drawers other than SVG (the PDF). */
export function qrModulos(texto: string): boolean[][] {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: NIVEL });
  return Array.from({ length: modules.size }, (_, fila) =>
    Array.from({ length: modules.size }, (_, columna) => Boolean(modules.get(fila, columna))),
  );
}
