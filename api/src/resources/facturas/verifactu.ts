// The VeriFactu huella (Orden HAC/1177/2024, art. 13; AEAT «Detalle de las especificaciones
// técnicas para generación de la huella o hash»): SHA-256, upper-case hex, of the record's
// fields written as `Campo=valor` joined by `&`, in the order the AEAT fixes, values trimmed.
import { createHash } from 'node:crypto';

export interface DatosAlta {
  idEmisorFactura: string;
  numSerieFactura: string;
  fechaExpedicionFactura: string;
  tipoFactura: string;
  cuotaTotal: string;
  importeTotal: string;
  huellaAnterior: string;
  fechaHoraHusoGenRegistro: string;
}

export interface DatosAnulacion {
  idEmisorFactura: string;
  numSerieFactura: string;
  fechaExpedicionFactura: string;
  huellaAnterior: string;
  fechaHoraHusoGenRegistro: string;
}

const joinCampos = (campos: [string, string][]) => campos.map(([k, v]) => `${k}=${v.trim()}`).join('&');

export function textoAlta(r: DatosAlta): string {
  return joinCampos([
    ['IDEmisorFactura', r.idEmisorFactura],
    ['NumSerieFactura', r.numSerieFactura],
    ['FechaExpedicionFactura', r.fechaExpedicionFactura],
    ['TipoFactura', r.tipoFactura],
    ['CuotaTotal', r.cuotaTotal],
    ['ImporteTotal', r.importeTotal],
    ['Huella', r.huellaAnterior],
    ['FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro],
  ]);
}

export function textoAnulacion(r: DatosAnulacion): string {
  return joinCampos([
    ['IDEmisorFacturaAnulada', r.idEmisorFactura],
    ['NumSerieFacturaAnulada', r.numSerieFactura],
    ['FechaExpedicionFacturaAnulada', r.fechaExpedicionFactura],
    ['Huella', r.huellaAnterior],
    ['FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro],
  ]);
}

export const huella = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex').toUpperCase();
