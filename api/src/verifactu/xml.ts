// The AEAT's message (SuministroLR.xsd): a SOAP 1.1 envelope with the Cabecera and 1 to 1000
// RegistroFactura, each a RegistroAlta or a RegistroAnulacion built from the stored record and its
// invoice, every element in the schema's order. The fields the huella covers are written as the
// record stores them (the strings that were hashed), so the AEAT recomputes the same huella.
import { fechaExpedicion, importeDecimal, numSerieFactura } from '../resources/facturas/formato.js';
import type { Operacion } from '../resources/facturas/remision.js';

export const NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  lr: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd',
  si: 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd',
};

/** What the records say of the system that generated them (DsRegistro, «SistemaInformatico»). */
export interface SistemaInformatico {
  nombreRazon: string;
  nif: string;
  /** NombreSistemaInformatico, IdSistemaInformatico: fixed for Aula. */
  nombre: string;
  id: string;
  version: string;
  numeroInstalacion: string;
  /** IndicadorMultiplesOT: whether this database holds the records of more than one issuer. */
  multiplesOT: boolean;
}

export const NOMBRE_SISTEMA = 'Aula Admin';
/** Two upper-case letters or digits (validations 3.1.5), unique among the producer's systems. */
export const ID_SISTEMA = 'AU';

/** A stored record (the `registros` row): its hashed fields as they were hashed. */
export interface RegistroGuardado {
  tipo: 'alta' | 'anulacion';
  idEmisorFactura: string;
  numSerieFactura: string;
  fechaExpedicionFactura: string;
  tipoFactura?: string | null;
  cuotaTotal?: string | null;
  importeTotal?: string | null;
  huellaAnterior: string;
  fechaHoraHusoGenRegistro: string;
  huella: string;
}

/** The record before it in its issuer's chain, as the Encadenamiento names it. */
export type RegistroAnterior = Pick<RegistroGuardado, 'idEmisorFactura' | 'numSerieFactura' | 'fechaExpedicionFactura' | 'huella'>;

/** What the XML needs of the invoice beyond the hashed fields. */
export interface FacturaDelRegistro {
  emisorNombre: string;
  clienteNombre?: string | null;
  clienteNif?: string | null;
  concepto: string;
  /** Céntimos. */
  base: number;
  tipoIva: number;
  cuotaIva: number;
  /** 'I' por diferencias, 'S' por sustitución (with baseRectificada and cuotaRectificada); null: 'I' on a rectificativa. */
  tipoRectificativa?: 'I' | 'S' | null;
  baseRectificada?: number | null;
  cuotaRectificada?: number | null;
  /** ISO instant of the operation, when the invoice says one. Not hashed: the huella never covers it. */
  fechaOperacion?: string | null;
}

/** The invoice a rectificativa corrects, as FacturasRectificadas identifies it. */
export interface FacturaRectificada {
  emisorNif: string;
  serie: string;
  numero: number;
  /** ISO instant of issue. */
  fecha: string;
}

export interface DatosRegistro {
  registro: RegistroGuardado;
  anterior?: RegistroAnterior;
  factura: FacturaDelRegistro;
  rectificada?: FacturaRectificada | null;
  operacion?: Operacion;
}

// Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/F): dropped, or the
// whole message would be refused as malformed (4103) for one odd character in a concept.
const NO_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Free text as the AEAT stores it: trimmed (§6.7), at most `max` characters, escaped (§6.9). */
export function textoXml(valor: string, max: number): string {
  const limpio = Array.from(valor.replace(NO_XML, '').trim()).slice(0, max).join('').trim();
  return limpio.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const e = (nombre: string, contenido: string) => `<sf:${nombre}>${contenido}</sf:${nombre}>`;

const TIPOS_COMPLETOS = new Set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);
const RECTIFICATIVAS = new Set(['R1', 'R2', 'R3', 'R4', 'R5']);
const NIF_ESPANOL = /^([0-9XYZKLM]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/;

function destinatario(f: FacturaDelRegistro): string {
  const nif = (f.clienteNif ?? '').trim();
  // A Spanish NIF goes as NIF; anything else the client was identified by, as a VAT number abroad.
  const id = NIF_ESPANOL.test(nif) ? e('NIF', nif) : e('IDOtro', e('IDType', '02') + e('ID', textoXml(nif, 20)));
  return e('Destinatarios', e('IDDestinatario', e('NombreRazon', textoXml(f.clienteNombre ?? '', 120)) + id));
}

/** One line: 21/10/4 % sujeta (S1) or, at 0 %, exenta by art. 20.Uno.9.º LIVA (E1, education). */
function desglose(f: FacturaDelRegistro): string {
  const linea =
    f.tipoIva === 0
      ? e('ClaveRegimen', '01') + e('OperacionExenta', 'E1') + e('BaseImponibleOimporteNoSujeto', importeDecimal(f.base))
      : e('ClaveRegimen', '01') +
        e('CalificacionOperacion', 'S1') +
        e('TipoImpositivo', String(f.tipoIva)) +
        e('BaseImponibleOimporteNoSujeto', importeDecimal(f.base)) +
        e('CuotaRepercutida', importeDecimal(f.cuotaIva));
  return e('Desglose', e('DetalleDesglose', linea));
}

function encadenamiento(r: RegistroGuardado, anterior: RegistroAnterior | undefined): string {
  if (!r.huellaAnterior) return e('Encadenamiento', e('PrimerRegistro', 'S'));
  if (anterior?.huella !== r.huellaAnterior) {
    throw new Error(`El registro ${r.numSerieFactura} no enlaza con el anterior que se le da (${anterior?.numSerieFactura ?? 'ninguno'})`);
  }
  return e(
    'Encadenamiento',
    e(
      'RegistroAnterior',
      e('IDEmisorFactura', anterior.idEmisorFactura) +
        e('NumSerieFactura', anterior.numSerieFactura) +
        e('FechaExpedicionFactura', anterior.fechaExpedicionFactura) +
        e('Huella', anterior.huella),
    ),
  );
}

function sistema(s: SistemaInformatico): string {
  return e(
    'SistemaInformatico',
    e('NombreRazon', textoXml(s.nombreRazon, 120)) +
      e('NIF', s.nif) +
      e('NombreSistemaInformatico', textoXml(s.nombre, 30)) +
      e('IdSistemaInformatico', s.id) +
      e('Version', textoXml(s.version, 50)) +
      e('NumeroInstalacion', textoXml(s.numeroInstalacion, 100)) +
      e('TipoUsoPosibleSoloVerifactu', 'S') +
      e('TipoUsoPosibleMultiOT', 'N') +
      e('IndicadorMultiplesOT', s.multiplesOT ? 'S' : 'N'),
  );
}

/** The RegistroAlta or RegistroAnulacion of one record, in the `sf` prefix the envelope declares. */
export function registroXml(d: DatosRegistro, s: SistemaInformatico, timeZone: string): string {
  const { registro: r, factura: f, operacion: op = {} } = d;
  const cierre = sistema(s) + e('FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro) + e('TipoHuella', '01') + e('Huella', r.huella);
  if (r.tipo === 'anulacion') {
    const id = e(
      'IDFactura',
      e('IDEmisorFacturaAnulada', r.idEmisorFactura) + e('NumSerieFacturaAnulada', r.numSerieFactura) + e('FechaExpedicionFacturaAnulada', r.fechaExpedicionFactura),
    );
    const flags = (op.sinRegistroPrevio ? e('SinRegistroPrevio', op.sinRegistroPrevio) : '') + (op.rechazoPrevio === 'S' ? e('RechazoPrevio', 'S') : '');
    return e('RegistroAnulacion', e('IDVersion', '1.0') + id + flags + encadenamiento(r, d.anterior) + cierre);
  }
  const tipo = r.tipoFactura!;
  const rectificativa = RECTIFICATIVAS.has(tipo);
  const tipoRectificativa = f.tipoRectificativa ?? 'I';
  let partes = e('IDVersion', '1.0');
  partes += e('IDFactura', e('IDEmisorFactura', r.idEmisorFactura) + e('NumSerieFactura', r.numSerieFactura) + e('FechaExpedicionFactura', r.fechaExpedicionFactura));
  partes += e('NombreRazonEmisor', textoXml(f.emisorNombre, 120));
  if (op.subsanacion) partes += e('Subsanacion', op.subsanacion);
  if (op.rechazoPrevio) partes += e('RechazoPrevio', op.rechazoPrevio);
  partes += e('TipoFactura', tipo);
  if (rectificativa) {
    partes += e('TipoRectificativa', tipoRectificativa);
    const o = d.rectificada;
    if (o) {
      partes += e(
        'FacturasRectificadas',
        e('IDFacturaRectificada', e('IDEmisorFactura', o.emisorNif) + e('NumSerieFactura', numSerieFactura(o.serie, o.numero)) + e('FechaExpedicionFactura', fechaExpedicion(o.fecha, timeZone))),
      );
    }
    if (tipoRectificativa === 'S') {
      partes += e('ImporteRectificacion', e('BaseRectificada', importeDecimal(Number(f.baseRectificada ?? 0))) + e('CuotaRectificada', importeDecimal(Number(f.cuotaRectificada ?? 0))));
    }
  }
  // «Siempre que sea diferente a la fecha de expedición» (DsRegistro): only then, dd-mm-yyyy.
  const operacion = f.fechaOperacion ? fechaExpedicion(f.fechaOperacion, timeZone) : r.fechaExpedicionFactura;
  if (operacion !== r.fechaExpedicionFactura) partes += e('FechaOperacion', operacion);
  partes += e('DescripcionOperacion', textoXml(f.concepto, 500) || '-');
  if (TIPOS_COMPLETOS.has(tipo)) partes += destinatario(f);
  partes += desglose(f);
  partes += e('CuotaTotal', r.cuotaTotal!) + e('ImporteTotal', r.importeTotal!);
  partes += encadenamiento(r, d.anterior);
  return e('RegistroAlta', partes + cierre);
}

export interface Cabecera {
  obligado: { nombre: string; nif: string };
  /** RemisionVoluntaria/Incidencia=S: a record in it goes late (Orden art. 16.4). */
  incidencia: boolean;
}

/** The SOAP envelope around records already built (registroXml); the prefixes they use are declared here. */
export function sobre(c: Cabecera, registros: string[]): string {
  if (registros.length < 1 || registros.length > 1000) throw new Error(`Un envío lleva de 1 a 1000 registros (${registros.length})`);
  const cabecera = `<lr:Cabecera>${e('ObligadoEmision', e('NombreRazon', textoXml(c.obligado.nombre, 120)) + e('NIF', c.obligado.nif))}${
    c.incidencia ? e('RemisionVoluntaria', e('Incidencia', 'S')) : ''
  }</lr:Cabecera>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${NS.soap}" xmlns:lr="${NS.lr}" xmlns:sf="${NS.si}"><soapenv:Header/><soapenv:Body>` +
    `<lr:RegFactuSistemaFacturacion>${cabecera}${registros.map((r) => `<lr:RegistroFactura>${r}</lr:RegistroFactura>`).join('')}</lr:RegFactuSistemaFacturacion>` +
    `</soapenv:Body></soapenv:Envelope>`
  );
}
