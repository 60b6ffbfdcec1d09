// Bank statements (docs/arquitectura.md §21): `POST /extractos/importar` takes a Norma 43 file as
// its bytes (application/octet-stream, as the bank sent it; `?nombre=` its file name) and answers
// the extracto with Aula's proposal for each movement (201), or the extracto that file already is
// (200, `duplicado`). Confirming is the extracto's action (`POST /extractos/{id}/confirmar`,
// resources/extractos/). The CRUD route `POST /extractos` stays the engine's, refused (403) with
// the reason: a statement is imported, not typed.
import type { FastifyInstance } from 'fastify';
import { conOctetos } from '../auth/origin.js';
import { badRequest } from '../base/errors.js';
import type { Repository } from '../rest/repository.js';
import { actorOf } from '../rest/peticion.js';
import { mensajes } from '../mensajes.js';
import { importExtracto } from './importacion.js';

export interface ExtractosOptions {
  repo: Repository;
}

/** A statement of a year of a busy account is some hundred kilobytes; ten megabytes is plenty. */
const LIMITE = 10 * 1024 * 1024;

export default async function extractosRoutes(app: FastifyInstance, { repo }: ExtractosOptions) {
  // Only here (this plugin's scope): the file's bytes as they came, decoded by the parser.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: LIMITE }, (_request, body, done) => done(null, body));
  const extractos = repo.registry.get('extractos');

  app.post<{ Querystring: { nombre?: string } }>(
    '/extractos/importar',
    {
      bodyLimit: LIMITE,
      config: { acceso: { recurso: extractos, op: 'escribir' }, ...conOctetos },
      schema: { querystring: { type: 'object', properties: { nombre: { type: 'string', maxLength: 255 } } } },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) throw badRequest(mensajes.extractos.cuerpoVacio);
      const resultado = await importExtracto(repo.db, repo, actorOf(request), bytes, request.query.nombre ?? null);
      return reply.code(resultado.duplicado ? 200 : 201).send(resultado);
    },
  );
}
