// buildApp(): the whole API as a Fastify instance, each concern a plugin. Importing this file
// does nothing; the caller owns the database and the listening socket.
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import authPlugin from './auth/index.js';
import { authPaths } from './auth/openapi.js';
import { LOG_REDACT_PATHS, redactUrl } from './auth/redact.js';
import type { Config } from './config/index.js';
import type { Db } from './db/index.js';
import pasarelasRoutes from './pasarelas/index.js';
import extractosRoutes from './extractos/index.js';
import { extractosPaths } from './extractos/openapi.js';
import matriculasRoutes from './matriculas/index.js';
import { matriculasPaths } from './matriculas/openapi.js';
import cuponesRoutes from './cupones/index.js';
import { cuponesPaths } from './cupones/openapi.js';
import correoRoutes, { correoPaths } from './correo/rutas.js';
import enlaceRoutes from './correo/cuentas.js';
import importacionRoutes from './importacion/index.js';
import { importacionPaths } from './importacion/openapi.js';
import informesRoutes from './informes/index.js';
import type { Informe } from './informes/definir.js';
import { informes as todosLosInformes } from './informes/definiciones/index.js';
import { informePaths } from './informes/openapi.js';
import { createMedia, type Media, type OpcionesMedia } from './media/index.js';
import { mediaPaths } from './media/openapi.js';
import { registry as entidades } from './resources/index.js';
import type { Registry } from './rest/registry.js';
import { registerCrudRoutes } from './rest/crud.js';
import { sincrono } from './base/gancho.js';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorHandler } from './base/errors.js';
import exportacionRoutes from './rest/exportacion.js';
import { registerHealthRoutes } from './rest/health.js';
import { parseQuery, rejectUnreadableQuery } from './rest/querystring.js';
import { buildOpenApiDocument } from './rest/openapi.js';
import { Repository } from './rest/repository.js';
import { rejectPrecondicionNoEvaluada } from './rest/versiones.js';
import { createEventos, type OpcionesFlujo } from './eventos/index.js';
import security, { apiSecurityHeaders } from './rest/security.js';
import { createCorredor, type Corredor, type OpcionesCorredor } from './trabajos/corredor.js';
import { registerTrabajos, trabajosPaths } from './trabajos/rutas.js';
import { tipos, type Servicios } from './trabajos/tipos.js';
import verifactu, { verifactuPaths, type OpcionesVerifactu } from './verifactu/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
    /** The job runner when this process runs it (config.tareasDeFondo); for the tests. */
    corredor?: Corredor;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** Files: built from the configuration unless a test brings its own. */
  media?: Media;
  /** Or the tests' settings for building them (a stand-in ffmpeg). */
  opcionesMedia?: OpcionesMedia;
  /** The job runner's timings for tests (polls, leases, retry pauses). */
  trabajos?: OpcionesCorredor;
  /** The VeriFactu sender's timings for tests, or not to start it on its own. */
  remitente?: OpcionesVerifactu['remitente'];
  /** The entities it serves: the application's, unless a test adds one of its own. */
  registry?: Registry;
  /** GET /eventos's heartbeat and limits, for tests that cannot wait 15 s. */
  eventos?: OpcionesFlujo;
  /** The reports it serves: the application's, unless a test declares one of its own. */
  informes?: readonly Informe[];
}

export async function buildApp({ config, db, media: mediaDada, opcionesMedia, remitente, registry = entidades, eventos: opcionesEventos, trabajos: opcionesTrabajos, informes = todosLosInformes }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets never reach a log line: cookies, passwords, and query values that carry them.
      redact: { paths: LOG_REDACT_PATHS, censor: '[oculto]' },
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
    },
    // Deep-object filters (?filter[where][estado]=pagada) need a nested query parser.
    routerOptions: { querystringParser: parseQuery },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us (proxy-addr's hop semantics).
    trustProxy: typeof config.trustProxy === 'number' ? ((_addr: string, hop: number) => hop < (config.trustProxy as number)) : config.trustProxy,
    // A URL that does not decode, or HTTP that does not parse, is answered before any route or
    // hook: these still answer in the envelope, with the security headers.
    frameworkErrors: frameworkErrorAnswer(apiSecurityHeaders),
    clientErrorHandler: clientErrorAnswer(apiSecurityHeaders),
  });

  registerErrorHandler(app);
  // Before CORS, so its preflight answers carry the headers too.
  await app.register(security, { explorerPrefix: '/explorer' });
  const corsOrigins = config.corsOrigins;
  await app.register(cors, {
    // A request without Origin is no CORS request (same origin, curl, a server): its answer
    // carries none of the CORS headers, only `Vary: Origin`.
    origin: (origin, done) => done(null, origin === undefined ? false : corsOrigins),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Content-Disposition: the admin names a downloaded report CSV as the API proposes.
    // The tus headers: a browser's tus client reads them across origins (the admin is another).
    // Preference-Applied: which count mode `GET /R/count` honoured (rest/prefer.ts).
    // ETag: a record's version, which the admin sends back in If-Match (rest/versiones.ts).
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'Location', 'Tus-Resumable', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', 'Upload-Metadata', 'Preference-Applied', 'ETag'],
    // The admin's list totals carry `Prefer`, which makes them preflighted: the browser keeps the
    // answer for a while (per URL) instead of asking again on every page and every refresh.
    maxAge: 600,
  });

  // The one repository: every plugin that reads or writes records gets it, and with it the
  // registry it serves. What its writes let go of goes to media, which writes through it in
  // turn: the hook reaches media once it is built below, before any write can run.
  const eventos = createEventos(db, config);
  let media!: Media;
  const repo = new Repository(db, config, registry, { release: (rutas) => media.release(rutas) }, eventos.avisos);

  await app.register(authPlugin, { repo, config });
  app.addHook('preValidation', sincrono((request) => {
    rejectUnreadableQuery(request);
    rejectPrecondicionNoEvaluada(request);
  }));

  const document = buildOpenApiDocument(config.productName, registry, { ...authPaths, ...informePaths(informes), ...mediaPaths, ...verifactuPaths, ...trabajosPaths, ...extractosPaths, ...matriculasPaths, ...cuponesPaths, ...importacionPaths, ...correoPaths });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/explorer' });
  app.get('/openapi.json', async () => document);

  media = mediaDada ?? (await createMedia(repo, config, app.log, opcionesMedia));
  registerHealthRoutes(app, db, () => media.almacen.checkEscritura());
  // For the storage commands and the tests: the store and the sweep.
  app.decorate('media', media);
  await eventos.mount(app, registry, opcionesEventos);
  for (const resource of Object.values(registry.resources)) registerCrudRoutes(app, resource, { repo, config });
  await app.register(exportacionRoutes, { db, registry, config });
  await app.register(informesRoutes, { prefix: '/informes', db, config, informes });
  await app.register(verifactu, { db, escritura: repo, config, remitente });
  await app.register(pasarelasRoutes, { db, repo, config });
  await app.register(extractosRoutes, { repo });
  await app.register(matriculasRoutes, { repo });
  await app.register(cuponesRoutes, { repo });
  await app.register(correoRoutes, { repo, config });
  await app.register(enlaceRoutes, { repo, config, hashing: app.colaHashing });
  await app.register(importacionRoutes, { repo, timeZone: config.timeZone });
  await media.rutas(app);

  // Background work (docs/arquitectura.md §19): the page everywhere, the runner where this
  // machine's background work runs; among machines, the claims decide.
  const servicios: Servicios = { db, config, media, log: app.log, remitente: app.remitente };
  const activo = (t: (typeof tipos)[number]) => t.activo?.(servicios) ?? true;
  registerTrabajos(app, { repo, tipos, activo });
  if (config.tareasDeFondo) {
    const corredor = createCorredor(db, repo, tipos, servicios, app.log, { arriendoMs: config.trabajos.arriendoMs, ...opcionesTrabajos });
    app.decorate('corredor', corredor);
    app.remitente?.setDespertador(() => corredor.wake());
    app.addHook('onReady', async () => corredor.start());
    app.addHook('onClose', async () => corredor.stop());
  }

  return app;
}
