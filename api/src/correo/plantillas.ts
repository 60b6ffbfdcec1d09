// The message kinds and their original Spanish templates (docs/arquitectura.md §25). A template
// is Mustache without logic: `{{variable}}` only, escaped in the HTML part (a client named
// `<script>` stays text), literal in the subject and the plain text. The academy edits its copy
// (the `plantillas` entity); the originals here are what «Restablecer el original» brings back.
import Mustache from 'mustache';
import { mensajes } from '../mensajes.js';

export interface PlantillaBase {
  asunto: string;
  html: string;
  texto: string;
}

export interface Tipo extends PlantillaBase {
  /** What the administrador reads in the list. */
  etiqueta: string;
  /** The variables it may use, with what each holds (shown beside the editor). */
  variables: Record<string, string>;
}

const COMUNES = {
  academia: 'Nombre de la academia',
  academiaNif: 'NIF de la academia',
  academiaDomicilio: 'Domicilio fiscal de la academia',
};

export const TIPOS = {
  factura: {
    etiqueta: 'Factura emitida',
    variables: { ...COMUNES, cliente: 'Nombre del cliente', numero: 'Número de la factura', fecha: 'Fecha de expedición', total: 'Importe total con IVA' },
    asunto: 'Tu factura {{numero}} de {{academia}}',
    html: '<p>Hola, {{cliente}}:</p>\n<p>Te enviamos la factura <strong>{{numero}}</strong> del {{fecha}}, por un total de <strong>{{total}}</strong>. La tienes adjunta en PDF.</p>\n<p>Gracias por confiar en {{academia}}.</p>',
    texto: 'Hola, {{cliente}}:\n\nTe enviamos la factura {{numero}} del {{fecha}}, por un total de {{total}}. La tienes adjunta en PDF.\n\nGracias por confiar en {{academia}}.',
  },
  rectificativa: {
    etiqueta: 'Factura rectificativa',
    variables: { ...COMUNES, cliente: 'Nombre del cliente', numero: 'Número de la rectificativa', rectificada: 'Número de la factura que rectifica', fecha: 'Fecha de expedición', total: 'Importe total con IVA' },
    asunto: 'Factura rectificativa {{numero}} de {{academia}}',
    html: '<p>Hola, {{cliente}}:</p>\n<p>Te enviamos la factura rectificativa <strong>{{numero}}</strong> del {{fecha}}, que corrige la factura {{rectificada}}. Su importe es <strong>{{total}}</strong>. La tienes adjunta en PDF.</p>',
    texto: 'Hola, {{cliente}}:\n\nTe enviamos la factura rectificativa {{numero}} del {{fecha}}, que corrige la factura {{rectificada}}. Su importe es {{total}}. La tienes adjunta en PDF.',
  },
  bienvenida: {
    etiqueta: 'Bienvenida a un curso',
    variables: { ...COMUNES, alumno: 'Nombre del alumno', curso: 'Título del curso', hasta: 'Hasta cuándo tiene acceso' },
    asunto: 'Ya tienes acceso a «{{curso}}»',
    html: '<p>Hola, {{alumno}}:</p>\n<p>Te damos la bienvenida a <strong>{{curso}}</strong>. Tienes acceso {{hasta}}.</p>\n<p>¡Que lo disfrutes!</p>',
    texto: 'Hola, {{alumno}}:\n\nTe damos la bienvenida a «{{curso}}». Tienes acceso {{hasta}}.\n\n¡Que lo disfrutes!',
  },
  recordatorio: {
    etiqueta: 'Aviso de fin de acceso',
    variables: { ...COMUNES, alumno: 'Nombre del alumno', curso: 'Título del curso', hasta: 'Fecha en que termina el acceso', dias: 'Días que faltan' },
    asunto: 'Tu acceso a «{{curso}}» termina el {{hasta}}',
    html: '<p>Hola, {{alumno}}:</p>\n<p>Te recordamos que tu acceso a <strong>{{curso}}</strong> termina el <strong>{{hasta}}</strong> (dentro de {{dias}} días).</p>',
    texto: 'Hola, {{alumno}}:\n\nTe recordamos que tu acceso a «{{curso}}» termina el {{hasta}} (dentro de {{dias}} días).',
  },
  invitacion: {
    etiqueta: 'Invitación a una cuenta',
    variables: { ...COMUNES, nombre: 'Nombre de la persona', usuario: 'Su nombre de usuario', enlace: 'Enlace para elegir la contraseña (de un solo uso)', horas: 'Horas que vale el enlace' },
    asunto: 'Tu cuenta en {{academia}}',
    html: '<p>Hola, {{nombre}}:</p>\n<p>Te han creado una cuenta en el panel de {{academia}} con el usuario <strong>{{usuario}}</strong>. Elige tu contraseña aquí:</p>\n<p><a href="{{enlace}}">Elegir mi contraseña</a></p>\n<p>El enlace vale {{horas}} horas y sirve una sola vez.</p>',
    texto: 'Hola, {{nombre}}:\n\nTe han creado una cuenta en el panel de {{academia}} con el usuario {{usuario}}. Elige tu contraseña aquí:\n\n{{enlace}}\n\nEl enlace vale {{horas}} horas y sirve una sola vez.',
  },
  restablecer: {
    etiqueta: 'Restablecer la contraseña',
    variables: { ...COMUNES, nombre: 'Nombre de la persona', usuario: 'Su nombre de usuario', enlace: 'Enlace para elegir una contraseña nueva (de un solo uso)', minutos: 'Minutos que vale el enlace' },
    asunto: 'Restablece tu contraseña de {{academia}}',
    html: '<p>Hola, {{nombre}}:</p>\n<p>Alguien ha pedido restablecer la contraseña de la cuenta <strong>{{usuario}}</strong>. Si fuiste tú, elige una nueva aquí:</p>\n<p><a href="{{enlace}}">Elegir una contraseña nueva</a></p>\n<p>El enlace vale {{minutos}} minutos y sirve una sola vez. Si no lo pediste, no hagas nada: tu contraseña no cambia.</p>',
    texto: 'Hola, {{nombre}}:\n\nAlguien ha pedido restablecer la contraseña de la cuenta {{usuario}}. Si fuiste tú, elige una nueva aquí:\n\n{{enlace}}\n\nEl enlace vale {{minutos}} minutos y sirve una sola vez. Si no lo pediste, no hagas nada: tu contraseña no cambia.',
  },
  avisoVerifactu: {
    etiqueta: 'Aviso de VeriFactu',
    variables: { ...COMUNES, rechazados: 'Registros rechazados por la AEAT', pendientes: 'Registros que esperan más de una hora', enlace: 'Dirección de la página de VeriFactu' },
    asunto: 'VeriFactu: hay registros que necesitan atención',
    html: '<p>Hola:</p>\n<p>En {{academia}} hay <strong>{{rechazados}}</strong> registros de facturación rechazados por la AEAT y <strong>{{pendientes}}</strong> que esperan envío desde hace más de una hora.</p>\n<p><a href="{{enlace}}">Ver VeriFactu en el panel</a></p>',
    texto: 'Hola:\n\nEn {{academia}} hay {{rechazados}} registros de facturación rechazados por la AEAT y {{pendientes}} que esperan envío desde hace más de una hora.\n\nVer VeriFactu en el panel: {{enlace}}',
  },
} satisfies Record<string, Tipo>;

export type ClavePlantilla = keyof typeof TIPOS;
export const CLAVES_PLANTILLA = Object.keys(TIPOS) as ClavePlantilla[];

/** A template's fault, for the field it is in: a tag that is not a plain variable, or a variable it may not use. */
export interface FalloPlantilla {
  campo: keyof PlantillaBase;
  mensaje: string;
}

/**
 * Checks a template: only `{{variable}}` tags of its kind's list. Sections, partials and the
 * unescaped forms (`{{{x}}}`, `{{& x}}`) are refused: they would let a value through as HTML.
 */
export function checkPlantilla(clave: ClavePlantilla, p: PlantillaBase): FalloPlantilla[] {
  const permitidas = TIPOS[clave].variables as Record<string, string>;
  const fallos: FalloPlantilla[] = [];
  for (const campo of ['asunto', 'html', 'texto'] as const) {
    let tokens: unknown[][];
    try {
      tokens = Mustache.parse(p[campo]) as unknown[][];
    } catch (e) {
      fallos.push({ campo, mensaje: mensajes.correo.plantillaIlegible((e as Error).message.replace(/^Unclosed tag at \d+$/, mensajes.correo.etiquetaSinCerrar)) });
      continue;
    }
    for (const [tipo, nombre] of tokens) {
      if (tipo === 'text') continue;
      if (tipo !== 'name') {
        fallos.push({ campo, mensaje: mensajes.correo.soloVariables(`${String(tipo)}${String(nombre)}`) });
        break;
      }
      if (!Object.hasOwn(permitidas, String(nombre))) {
        fallos.push({ campo, mensaje: mensajes.correo.variableAjena(String(nombre), Object.keys(permitidas)) });
        break;
      }
    }
  }
  return fallos;
}

/** Header injection is impossible by construction: a subject is one line. */
const unaLinea = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The message a template gives for these values: subject and text as they are, HTML escaped. */
export function renderPlantilla(p: PlantillaBase, valores: Record<string, string | number>): PlantillaBase {
  const literal = { escape: (v: unknown) => String(v) };
  return {
    asunto: unaLinea(Mustache.render(p.asunto, valores, {}, literal)),
    html: Mustache.render(p.html, valores),
    texto: Mustache.render(p.texto, valores, {}, literal),
  };
}

/** Sample values of a kind's variables, for the editor's preview. */
export function muestraDe(clave: ClavePlantilla, comunes: Record<string, string>): Record<string, string> {
  const ejemplo: Record<string, string> = {
    cliente: 'Lucía Fernández',
    alumno: 'Lucía Fernández',
    nombre: 'Lucía Fernández',
    usuario: 'lucia',
    numero: 'A-128',
    rectificada: 'A-97',
    fecha: '28/11/2026',
    total: '121,00 €',
    curso: 'Fotografía nocturna',
    hasta: 'hasta el 28/11/2027',
    dias: '7',
    enlace: 'https://aula.example/restablecer#ejemplo',
    horas: '72',
    minutos: '60',
    rechazados: '2',
    pendientes: '5',
  };
  return Object.fromEntries(Object.keys(TIPOS[clave].variables).map((v) => [v, comunes[v] ?? ejemplo[v] ?? v]));
}
