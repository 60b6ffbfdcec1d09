// Email's routes beyond its entities (docs/arquitectura.md §25), with their OpenAPI beside them:
// - `GET /correo/ajustes`: whether a mail server is configured (without one, the admin says that
//   messages wait), the sender, and each kind of message with the variables its template may use.
// - `POST /plantillas/vista`: a template as it would go, with sample values, without saving it
//   (the editor's live preview); a template that would be refused is refused here the same way.
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../base/errors.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import type { Repository } from '../rest/repository.js';
import { validateActionBody } from '../rest/validate.js';
import { frameHtml, frameTexto, valoresComunes } from './formato.js';
import { closeTransporte } from './transporte.js';
import { checkPlantilla, CLAVES_PLANTILLA, muestraDe, renderPlantilla, TIPOS, type ClavePlantilla } from './plantillas.js';

export interface CorreoOptions {
  repo: Repository;
  config: Pick<Config, 'correo' | 'emisor' | 'productName'>;
}

export const cuerpoVista = {
  title: 'VistaPlantilla',
  type: 'object',
  required: ['clave', 'asunto', 'html', 'texto'],
  additionalProperties: false,
  properties: {
    clave: { type: 'string', enum: CLAVES_PLANTILLA },
    asunto: { type: 'string', maxLength: 300 },
    html: { type: 'string', maxLength: 20_000 },
    texto: { type: 'string', maxLength: 20_000 },
  },
} as const;

const ajustesRespuesta = {
  type: 'object',
  required: ['servidor', 'remitente', 'enviarFacturas', 'tipos'],
  properties: {
    servidor: { type: 'boolean', description: 'Si hay servidor de correo (SMTP_URL): sin él, los mensajes esperan' },
    remitente: { type: 'string' },
    enviarFacturas: { type: 'boolean' },
    tipos: { type: 'object', additionalProperties: { type: 'object', properties: { etiqueta: { type: 'string' }, variables: { type: 'object', additionalProperties: { type: 'string' } } } } },
  },
};

const vistaRespuesta = { type: 'object', required: ['asunto', 'html', 'texto'], properties: { asunto: { type: 'string' }, html: { type: 'string' }, texto: { type: 'string' } } };

export default async function correoRoutes(app: FastifyInstance, { config }: CorreoOptions) {
  app.addHook('onClose', async () => closeTransporte());
  app.get('/correo/ajustes', { config: { acceso: { roles: ['administrador', 'contable'] } }, schema: { hide: true } }, async () => ({
    servidor: config.correo.smtpUrl !== null,
    remitente: config.correo.from,
    enviarFacturas: config.correo.enviarFacturas,
    tipos: Object.fromEntries(CLAVES_PLANTILLA.map((c) => [c, { etiqueta: TIPOS[c].etiqueta, variables: TIPOS[c].variables }])),
  }));

  app.post('/plantillas/vista', { config: { acceso: { roles: ['administrador'] } }, schema: { hide: true } }, async (request) => {
    const body = validateActionBody(cuerpoVista, request.body) as { clave: ClavePlantilla; asunto: string; html: string; texto: string };
    const fallos = checkPlantilla(body.clave, body);
    if (fallos.length) throw validationFailed(fallos.map((f) => ({ path: `/${f.campo}`, code: 'plantilla', message: f.mensaje })));
    const comunes = valoresComunes(config.emisor, config.productName);
    const p = renderPlantilla(body, { ...muestraDe(body.clave, comunes) });
    return { asunto: p.asunto, html: frameHtml(p.html, p.asunto, comunes), texto: frameTexto(p.texto, comunes) };
  });
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });

/** Its routes in /openapi.json, beside the registry's. */
export const correoPaths = {
  '/correo/ajustes': {
    get: {
      tags: ['correos'],
      operationId: 'Correo.ajustes',
      summary: mensajes.correo.resumen.ajustes,
      responses: { '200': { description: 'Los ajustes del correo', content: json(ajustesRespuesta) }, '403': error('Solo el administrador y el contable') },
    },
  },
  '/plantillas/vista': {
    post: {
      tags: ['plantillas'],
      operationId: 'Plantilla.vista',
      summary: mensajes.correo.resumen.vista,
      requestBody: { required: true, content: json(cuerpoVista) },
      responses: { '200': { description: 'El mensaje como saldría', content: json(vistaRespuesta) }, '403': error('Solo el administrador'), '422': error('La plantilla usa algo que no se admite') },
    },
  },
};
