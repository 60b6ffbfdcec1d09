// The invoice as the customer keeps it: an A4 PDF with every mention RD 1619/2012 asks of its
// kind (art. 6 for a complete one, art. 7 for a simplified one, art. 15 for a rectificativa) and
// the AEAT's cotejo QR at the top of the first page, where the VeriFactu rules want it. Layout
// only: the figures arrive fixed on the issued invoice, and their text comes from formato.ts.
import PDFDocument from 'pdfkit';
import { MARGEN_QR, qrModulos, urlCotejo, type OpcionesCotejo } from './cotejo.js';
import { fechaExpedicion, importeEs, numSerieFactura } from './formato.js';

export type TipoFactura = 'F1' | 'F2' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';

export interface FacturaImprimible {
  serie: string;
  numero: number;
  /** ISO instant of issue. */
  fecha: string;
  /** ISO instant of the operation, when the invoice says one: printed if it is another day. */
  fechaOperacion?: string | null;
  tipo: TipoFactura;
  emisorNif: string;
  emisorNombre: string;
  emisorDomicilio: string;
  clienteNombre: string | null;
  clienteNif: string | null;
  clienteDireccion: string | null;
  concepto: string;
  /** Céntimos, like every amount here; negative on a rectificativa por diferencias. */
  base: number;
  tipoIva: number;
  cuotaIva: number;
  total: number;
  rectificada?: { serie: string; numero: number; fecha: string } | null;
  /** The substitute that replaced it: the invoice is printed as without effect. */
  sustituidaPor?: { serie: string; numero: number; fecha: string } | null;
  motivoRectificacion?: string | null;
  /** I por diferencias (its amounts are the correction), S por sustitución (the whole invoice again). */
  tipoRectificativa?: 'I' | 'S' | null;
  /** Of a substitute: the amounts of the invoice it replaces. */
  baseRectificada?: number | null;
  cuotaRectificada?: number | null;
  estado: string;
}

/** The size of the invoice's data (number, date, parties, amounts): the QR's texts are never smaller. */
export const TAMANO_DATOS = 10;

/** What a VERI*FACTU invoice says below its QR (Orden HAC/1177/2024, art. 20.1.b). */
export const FRASE_VERIFICABLE = 'Factura verificable en la sede electrónica de la AEAT';

/** The QR's printed side: the AEAT asks for 30 to 40 mm; the middle leaves room for printer drift. */
export const LADO_QR_MM = 35;

const mm = (n: number) => (n * 72) / 25.4;
const MARGEN = mm(15);
const COLUMNA_QR = 200;
const GRIS = '#555555';
const ROJO = '#b00020';

const TITULOS: Record<TipoFactura, string> = {
  F1: 'Factura',
  F2: 'Factura simplificada',
  R1: 'Factura rectificativa',
  R2: 'Factura rectificativa',
  R3: 'Factura rectificativa',
  R4: 'Factura rectificativa',
  R5: 'Factura rectificativa',
};

// What each rectificativa code of VeriFactu's TipoFactura stands for, so the code printed means
// something to the customer too.
const CAUSAS: Partial<Record<TipoFactura, string>> = {
  R1: 'error fundado en derecho y art. 80 Uno, Dos y Seis de la Ley 37/1992',
  R2: 'art. 80 Tres de la Ley 37/1992 (concurso de acreedores)',
  R3: 'art. 80 Cuatro de la Ley 37/1992 (créditos incobrables)',
  R4: 'resto de causas',
  R5: 'rectificación de una factura simplificada',
};

export async function facturaPdf(f: FacturaImprimible, opts: OpcionesCotejo): Promise<Buffer> {
  const numero = numSerieFactura(f.serie, f.numero);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGEN,
    // Dated by its issue, not by the moment it is drawn: the same invoice is the same bytes each
    // time (the PDF's file identifier is a hash of this), so its email attaches what the download gives.
    info: { Title: `${TITULOS[f.tipo]} ${numero}`, Author: f.emisorNombre, CreationDate: new Date(f.fecha) },
  });
  const partes: Buffer[] = [];
  doc.on('data', (parte: Buffer) => partes.push(parte));
  const terminado = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  const ancho = doc.page.width - 2 * MARGEN;
  const izquierda = MARGEN;
  const derecha = doc.page.width - MARGEN;

  // Top right: the QR, «QR tributario:» above it and, only when the records reach the AEAT, the
  // phrase that says the invoice is verifiable below it: both no smaller than the invoice's data.
  const xQr = derecha - COLUMNA_QR;
  doc.font('Helvetica-Bold').fontSize(TAMANO_DATOS).fillColor('black');
  doc.text('QR tributario:', xQr, MARGEN, { width: COLUMNA_QR, align: 'center' });
  const finQr = drawQr(doc, urlCotejo(f, opts), xQr + (COLUMNA_QR - mm(LADO_QR_MM)) / 2, doc.y);
  if (opts.verificable) {
    doc.font('Helvetica').fontSize(TAMANO_DATOS);
    // Two even lines, centred under the symbol, rather than one word left alone on the second.
    doc.text(FRASE_VERIFICABLE.replace(' electrónica', '\nelectrónica'), xQr, finQr, { width: COLUMNA_QR, align: 'center' });
  }
  const finColumnaQr = opts.verificable ? doc.y : finQr;

  // Top left: what the document is, its number and date.
  const anchoCabecera = ancho - COLUMNA_QR - 20;
  doc.font('Helvetica-Bold').fontSize(20).text(TITULOS[f.tipo], izquierda, MARGEN, { width: anchoCabecera });
  doc.moveDown(0.4).fontSize(TAMANO_DATOS);
  par(doc, 'Número', numero, izquierda, anchoCabecera);
  const expedicion = fechaExpedicion(f.fecha, opts.timeZone, '/');
  par(doc, 'Fecha de expedición', expedicion, izquierda, anchoCabecera);
  // Arts. 6.1.f and 7.1.f RD 1619/2012: the operation's date, when it is not the issue's.
  const operacion = f.fechaOperacion ? fechaExpedicion(f.fechaOperacion, opts.timeZone, '/') : expedicion;
  if (operacion !== expedicion) par(doc, 'Fecha de operación', operacion, izquierda, anchoCabecera);
  if (CAUSAS[f.tipo]) par(doc, 'Tipo', `${f.tipo}: ${CAUSAS[f.tipo]}`, izquierda, anchoCabecera);
  if (f.estado === 'anulada') sello(doc, 'ANULADA', izquierda, doc.y + 10);
  else if (f.sustituidaPor) {
    // A copy printed after its substitution must not read as the invoice in force.
    sello(doc, 'SUSTITUIDA', izquierda, doc.y + 10);
    const sustituta = numSerieFactura(f.sustituidaPor.serie, f.sustituidaPor.numero);
    const dia = fechaExpedicion(f.sustituidaPor.fecha, opts.timeZone, '/');
    doc.font('Helvetica').fontSize(TAMANO_DATOS).text(`Sustituida por la factura ${sustituta} del ${dia}: queda sin efecto.`, izquierda, doc.y + 6, { width: anchoCabecera });
  }

  // The two parties side by side; a simplified invoice names its client only when it has one.
  let y = Math.max(doc.y, finColumnaQr) + 24;
  const anchoParte = (ancho - 20) / 2;
  const finEmisor = parte(doc, 'Emisor', [f.emisorNombre, `NIF: ${f.emisorNif}`, f.emisorDomicilio], izquierda, y, anchoParte);
  const cliente = [f.clienteNombre, f.clienteNif && `NIF: ${f.clienteNif}`, f.clienteDireccion].filter((l): l is string => !!l);
  const finCliente = cliente.length ? parte(doc, 'Cliente', cliente, izquierda + anchoParte + 20, y, anchoParte) : y;
  y = Math.max(finEmisor, finCliente) + 20;

  if (f.rectificada) {
    doc.font('Helvetica-Bold').fontSize(TAMANO_DATOS).text('Factura rectificada', izquierda, y, { width: ancho });
    doc.font('Helvetica').moveDown(0.2);
    const rectificada = numSerieFactura(f.rectificada.serie, f.rectificada.numero);
    par(doc, 'Número', rectificada, izquierda, ancho);
    par(doc, 'Fecha de expedición', fechaExpedicion(f.rectificada.fecha, opts.timeZone, '/'), izquierda, ancho);
    if (f.motivoRectificacion) par(doc, 'Motivo', f.motivoRectificacion, izquierda, ancho);
    if (f.tipoRectificativa === 'S') {
      // Art. 15 RD 1619/2012: the substitute is the invoice as it should have been; it names the
      // one it replaces and what that one said, so both can be told apart in the books.
      par(doc, 'Importes de la factura sustituida', `base imponible ${importeEs(Number(f.baseRectificada))}, cuota de IVA ${importeEs(Number(f.cuotaRectificada))}`, izquierda, ancho);
      doc.text(`Rectificación por sustitución: esta factura sustituye a la ${rectificada}, que queda sin efecto; sus datos e importes son los corregidos.`, izquierda, doc.y, { width: ancho });
    } else {
      doc.text('Rectificación por diferencias: los importes son los de la corrección.', izquierda, doc.y, { width: ancho });
    }
    y = doc.y + 20;
  }

  // The concept, then the totals under its amount column.
  const anchoImporte = 120;
  const xImporte = derecha - anchoImporte;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GRIS);
  doc.text('DESCRIPCIÓN', izquierda, y, { width: ancho - anchoImporte - 10 });
  doc.text('BASE IMPONIBLE', xImporte, y, { width: anchoImporte, align: 'right' });
  y = doc.y + 3;
  doc.moveTo(izquierda, y).lineTo(derecha, y).lineWidth(0.5).strokeColor(GRIS).stroke();
  y += 6;
  doc.font('Helvetica').fontSize(TAMANO_DATOS).fillColor('black');
  doc.text(importeEs(f.base), xImporte, y, { width: anchoImporte, align: 'right' });
  doc.text(f.concepto, izquierda, y, { width: ancho - anchoImporte - 10 });
  y = doc.y + 6;
  doc.moveTo(izquierda, y).lineTo(derecha, y).stroke();
  y += 12;

  const xEtiqueta = derecha - 280;
  const fila = (etiqueta: string, valor: string, negrita = false) => {
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(negrita ? 12 : 10);
    doc.text(etiqueta, xEtiqueta, y, { width: 280 - anchoImporte });
    doc.text(valor, xImporte, y, { width: anchoImporte, align: 'right' });
    y = doc.y + 4;
  };
  fila('Base imponible', importeEs(f.base));
  fila('Tipo impositivo', `${f.tipoIva} %`);
  fila('Cuota de IVA', importeEs(f.cuotaIva));
  y += 2;
  doc.moveTo(xEtiqueta, y).lineTo(derecha, y).stroke();
  y += 6;
  fila(f.tipo === 'F2' || f.tipo === 'R5' ? 'Total (IVA incluido)' : 'Total', importeEs(f.total), true);

  if (f.tipoIva === 0) {
    doc.font('Helvetica').fontSize(9).text('Operación exenta de IVA (art. 20 Uno 9.º de la Ley 37/1992)', izquierda, y + 16, { width: ancho });
  }

  doc.end();
  return terminado;
}

/** Draws the symbol as vector squares of an exact printed side; answers where the caption may start. */
function drawQr(doc: PDFKit.PDFDocument, texto: string, x: number, yTexto: number): number {
  const modulos = qrModulos(texto);
  const modulo = mm(LADO_QR_MM) / modulos.length;
  // The caption above must stay out of the quiet zone, or phones fail to find the symbol.
  const zona = MARGEN_QR * modulo;
  const y = yTexto + zona;
  modulos.forEach((fila, i) =>
    fila.forEach((oscuro, j) => {
      if (oscuro) doc.rect(x + j * modulo, y + i * modulo, modulo, modulo);
    }),
  );
  doc.fillColor('black').fill();
  return y + mm(LADO_QR_MM) + zona;
}

function par(doc: PDFKit.PDFDocument, etiqueta: string, valor: string, x: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(TAMANO_DATOS).fillColor('black').text(`${etiqueta}: `, x, doc.y, { width, continued: true });
  doc.font('Helvetica').text(valor);
}

function parte(doc: PDFKit.PDFDocument, titulo: string, lineas: string[], x: number, y: number, width: number): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GRIS).text(titulo.toUpperCase(), x, y, { width });
  doc.moveDown(0.2).fillColor('black').fontSize(TAMANO_DATOS);
  lineas.forEach((linea, i) => doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(linea, x, doc.y, { width }));
  return doc.y;
}

function sello(doc: PDFKit.PDFDocument, texto: string, x: number, y: number) {
  doc.font('Helvetica-Bold').fontSize(22);
  const w = doc.widthOfString(texto) + 20;
  doc.rect(x, y, w, 34).lineWidth(2.5).strokeColor(ROJO).stroke();
  doc.fillColor(ROJO).text(texto, x + 10, y + 8, { lineBreak: false });
  doc.fillColor('black').strokeColor('black').lineWidth(1);
  doc.x = x;
  doc.y = y + 34;
}
