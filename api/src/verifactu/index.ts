// The remission to the AEAT as one Fastify plugin: its routes, and the sender, whose turns the
// job runner runs (trabajoRemision.ts) once the app is ready. The sender exists only when
// configured to (VERIFACTU not desactivado) and in the process that runs background work; among
// processes and machines, the runner's claim leaves one sending. Registering the plugin starts
// nothing by itself.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { Escritura } from '../base/types.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import registros from '../resources/registros.js';
import { declaracionResponsable } from './declaracion.js';
import { estadoRemision, reintentar } from './estado.js';
import { Remitente, type OpcionesRemitente } from './remitente.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender when this process runs it (for the tests and the bench); undefined otherwise. */
    remitente?: Remitente;
  }
}

export interface OpcionesVerifactu {
  db: Knex;
  /** Where the sender writes its records: the repository's transactions. */
  escritura: Escritura;
  config: Config;
  /**
   * The tests' timings, or `arrancar: false`: the runner's turns send nothing until
   * app.remitente.start(), and a test may run turns itself (app.remitente.turno()).
   */
  remitente?: OpcionesRemitente & { arrancar?: boolean };
}

async function verifactu(app: FastifyInstance, { db, escritura, config, remitente: opciones = {} }: OpcionesVerifactu) {
  // The remission is the registros' own business: whoever reads them sees it, whoever writes them retries it.
  app.get('/verifactu/estado', { config: { acceso: { recurso: registros, op: 'leer' } } }, async () => estadoRemision(db, config));
  app.post('/verifactu/reintentar', { config: { acceso: { recurso: registros, op: 'escribir' } } }, async (_req, reply) => {
    await reintentar(db);
    app.remitente?.wake();
    return reply.code(204).send();
  });
  app.get('/verifactu/declaracion', async () => declaracionResponsable(config));

  if (config.verifactu.modo === 'desactivado' || !config.tareasDeFondo) return;
  const { arrancar = true, ...resto } = opciones;
  const remitente = new Remitente(escritura, db, config, { log: app.log, ...resto });
  app.decorate('remitente', remitente);
  if (arrancar) app.addHook('onReady', async () => remitente.start());
  app.addHook('onClose', async () => remitente.stop());
}

export default fp(verifactu, { name: 'aula-verifactu', fastify: '5.x' });

const json = (schema: unknown) => ({ 'application/json': { schema } });

/** Its routes in /openapi.json, beside the registry's. */
export const verifactuPaths = {
  '/verifactu/estado': {
    get: {
      tags: ['verifactu'],
      operationId: 'Verifactu.estado',
      summary: mensajes.verifactu.resumen.estado,
      responses: { '200': { description: 'Estado', content: json({ type: 'object' }) } },
    },
  },
  '/verifactu/reintentar': {
    post: {
      tags: ['verifactu'],
      operationId: 'Verifactu.reintentar',
      summary: mensajes.verifactu.resumen.reintentar,
      requestBody: { content: json({ type: 'object' }) },
      responses: { '204': { description: 'Se reintentará en el siguiente sondeo' } },
    },
  },
  '/verifactu/declaracion': {
    get: {
      tags: ['verifactu'],
      operationId: 'Verifactu.declaracion',
      security: [],
      summary: mensajes.verifactu.resumen.declaracion,
      responses: { '200': { description: 'Título y apartados a) a l)', content: json({ type: 'object' }) } },
    },
  },
};
