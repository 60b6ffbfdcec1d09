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

// Outside production the QR points at the AEAT's test environment, where test records go, so a
// demo invoice never claims to be verifiable on the real site.
const HOST_PRODUCCION = 'https://www2.agenciatributaria.gob.es';
const HOST_PRUEBAS = 'https://prewww2.aeat.es';

export interface OpcionesCotejo {
  produccion: boolean;
  timeZone: string;
}

/** What the cotejo needs of the configuration: the AEAT's real site only in production. */
export const opcionesCotejo = ({ env, timeZone }: { env: string; timeZone: string }): OpcionesCotejo => ({ produccion: env === 'production', timeZone });

export function urlCotejo(f: FacturaCotejable, opts: OpcionesCotejo): string {
  const parametros: [string, string][] = [
    ['nif', f.emisorNif],
    ['numserie', numSerieFactura(f.serie, f.numero)],
    ['fecha', fechaExpedicion(f.fecha, opts.timeZone)],
    ['importe', importeDecimal(f.total)],
  ];
  // Every value encoded: a serie may hold «/», «&» or spaces, which would otherwise cut the query.
  const query = parametros.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${opts.produccion ? HOST_PRODUCCION : HOST_PRUEBAS}/wlpl/TIKE-CONT/ValidarQR?${query}`;
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
