// Importing students from another platform (docs/arquitectura.md §24): `POST /usuarios/importar`
// takes a CSV or an XLSX as its bytes (application/octet-stream; `?nombre=` its file name) and,
// by `?modo=`: `previsualizar` (the default) answers what each row will become and every error
// with its row, column and reason, writing nothing; `rechazadas` answers the refused rows as a CSV
// to fix; `confirmar` writes it all in one transaction, or nothing (422 with the errors).
import type { FastifyInstance } from 'fastify';
import { conOctetos } from '../auth/origin.js';
import { badRequest } from '../base/errors.js';
import type { Repository } from '../rest/repository.js';
import { actorOf } from '../rest/peticion.js';
import { mensajes } from '../mensajes.js';
import { applyImportacion, buildRechazadas, checkImportacion, previewImportacion, readArchivo } from './alumnos.js';

export interface ImportacionOptions {
  repo: Repository;
  /** The business's time zone: a row's «hasta» lasts until that day ends there. */
  timeZone: string;
}

/** Fifty thousand rows of a CSV are some five megabytes; an XLSX, less. */
export const LIMITE_BYTES = 20 * 1024 * 1024;

export const MODOS = ['previsualizar', 'confirmar', 'rechazadas'] as const;

export default async function importacionRoutes(app: FastifyInstance, { repo, timeZone }: ImportacionOptions) {
  // Only here (this plugin's scope): the file's bytes as they came, read by leer.ts.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: LIMITE_BYTES }, (_request, body, done) => done(null, body));
  const usuarios = repo.registry.get('usuarios');

  app.post<{ Querystring: { nombre?: string; modo?: (typeof MODOS)[number] } }>(
    '/usuarios/importar',
    {
      bodyLimit: LIMITE_BYTES,
      config: { acceso: { recurso: usuarios, op: 'escribir' }, ...conOctetos },
      schema: {
        hide: true,
        querystring: { type: 'object', properties: { nombre: { type: 'string', maxLength: 255 }, modo: { type: 'string', enum: [...MODOS] } } },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) throw badRequest(mensajes.importacion.cuerpoVacio);
      const leido = await readArchivo(bytes);
      const modo = request.query.modo ?? 'previsualizar';
      if (modo === 'confirmar') return reply.code(201).send(await applyImportacion(repo.db, repo, usuarios, actorOf(request), leido, timeZone));
      const plan = await checkImportacion(repo.db, usuarios, leido, timeZone);
      if (modo === 'rechazadas') {
        const nombre = (request.query.nombre ?? 'alumnos').replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_').slice(0, 100) || 'alumnos';
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${nombre}-rechazadas.csv"`)
          .send(buildRechazadas(plan));
      }
      return previewImportacion(plan);
    },
  );
}
