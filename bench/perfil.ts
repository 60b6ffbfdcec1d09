// `npm run bench -- --only perfil`: where a read's CPU goes (issue 31). The API and the ceiling
// each profile themselves with V8's sampling profiler (node:inspector) only while the load runs,
// started and stopped over their IPC channel, so start-up and warm-up stay out; the profile is
// then summed per function and per step of the request (the groups below), in µs per request.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import type { ApiUnderTest } from './api.js';
import { httpLoad } from './http.js';
import type { Scenario } from './scenarios.js';
import { Recorder } from './stats.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Child side (server.ts, ceiling.ts): `{ perfil: 'start' }` starts sampling, `{ perfil: 'stop' }` answers with the profile's file. */
export function answerPerfiles(nombre: string) {
  let session: Session | undefined;
  let cpu0 = process.cpuUsage();
  process.on('message', async (m: { perfil?: 'start' | 'stop'; etiqueta?: string }) => {
    if (m?.perfil === 'start') {
      cpu0 = process.cpuUsage();
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      // 100 µs between samples: a read takes tens of µs of CPU, so each step gets enough samples over seconds of load.
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      process.send!({ perfil: 'started' });
    } else if (m?.perfil === 'stop' && session) {
      const { profile } = await session.post('Profiler.stop');
      const { user, system } = process.cpuUsage(cpu0);
      session.disconnect();
      session = undefined;
      mkdirSync(resolve('data/perfiles'), { recursive: true });
      const file = resolve('data/perfiles', `${nombre}-${m.etiqueta ?? 'perfil'}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      process.send!({ perfil: 'stopped', file, cpuUs: user + system });
    }
  });
}

/**
 * The steps a read goes through, by where the function is defined (first match wins). The order
 * matters: the API's own files before the libraries they call.
 */
const PASOS: [string, RegExp][] = [
  ['sesión (auth/guard, auth/sessions)', /api\/src\/auth\/(guard|sessions)\.ts/],
  ['origen (auth/origin)', /api\/src\/auth\/origin\.ts/],
  ['cabeceras de seguridad (rest/security)', /api\/src\/rest\/security\.ts/],
  ['consulta de la URL (rest/querystring)', /api\/src\/rest\/querystring\.ts/],
  ['filtro (rest/filter, where)', /api\/src\/rest\/(filter|where)\.ts/],
  ['permisos (rest/permisos)', /api\/src\/rest\/permisos\.ts/],
  ['versiones y ETag (rest/versiones)', /api\/src\/rest\/versiones\.ts/],
  ['presupuesto (rest/presupuesto)', /api\/src\/rest\/presupuesto\.ts/],
  ['SQL (rest/select, busqueda)', /api\/src\/rest\/(select|busqueda)\.ts/],
  ['repositorio (rest/lectura, crud)', /api\/src\/rest\/(lectura|crud|repository|escritura)\.ts/],
  ['valores (base/values, db/filas)', /api\/src\/(base\/values|db\/filas)\.ts/],
  ['lector (db/reader, db/index)', /api\/src\/db\//],
  ['resto del API', /api\/src\//],
  ['techo (bench/ceiling)', /bench\/ceiling\.ts/],
  ['errores de fastify y envoltorio', /node_modules\/fastify\/lib\/(error|wrap)/],
  ['fastify: rutas (find-my-way)', /node_modules\/find-my-way\//],
  ['fastify: respuesta y serialización', /node_modules\/fastify\/lib\/(reply|contentTypeParser|schemas|validation)|fast-json-stringify|secure-json-parse/],
  ['fastify: ganchos', /node_modules\/fastify\/lib\/hooks/],
  ['fastify: resto', /node_modules\/(fastify|avvio|light-my-request|@fastify\/(?!cors|cookie))/],
  ['CORS (@fastify/cors)', /node_modules\/@fastify\/cors\//],
  ['cookies (@fastify/cookie)', /node_modules\/@fastify\/cookie\/|node_modules\/cookie\//],
  ['registro (pino)', /node_modules\/(pino|sonic-boom|thread-stream|fast-redact)/],
  ['knex', /node_modules\/knex\//],
  ['pg (driver)', /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-)/],
  ['better-sqlite3', /node_modules\/better-sqlite3\//],
  ['otros paquetes', /node_modules\//],
  ['node: http y red', /^node:(_http|http|net|stream|internal\/(http|streams|net|stream_base))|node:internal\/(http|streams)/],
  ['node: resto', /^node:/],
];
const RESTO = 'motor (GC, JSON, nativo, sin fuente)';

export interface Perfil {
  /**
   * The process's CPU time while profiled (process.cpuUsage, user + system), µs: the figure to
   * compare. The samples are taken by the wall clock, so when the load generator has the core a
   * sample lands on whatever the server was doing (mostly a socket write): they say where the
   * time goes, not how much there is.
   */
  procesoUs: number;
  /** Sampled time, µs (idle excluded). */
  cpuUs: number;
  peticiones: number;
  /** µs of CPU per request, per step. */
  pasos: { paso: string; us: number }[];
  /** The functions with the most self time, µs per request. */
  funciones: { funcion: string; us: number }[];
}

const IDLE = new Set(['(idle)', '(program)']);

/** Self time per step and per function, over `peticiones` requests. */
export function summarize(profile: CpuProfile, peticiones: number, procesoUs: number, top = 25): Perfil {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const pasos = new Map<string, number>();
  const funciones = new Map<string, number>();
  let cpuUs = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!;
    if (IDLE.has(callFrame.functionName)) continue;
    cpuUs += us;
    const url = callFrame.url.replace(/^file:\/\//, '');
    const paso = PASOS.find(([, re]) => re.test(url))?.[0] ?? (url ? 'otros' : RESTO);
    pasos.set(paso, (pasos.get(paso) ?? 0) + us);
    const donde = url ? `${url.replace(/^.*?(node_modules\/|api\/src\/|bench\/)/, '$1')}:${callFrame.lineNumber + 1}` : '';
    const funcion = `${callFrame.functionName || '(anónima)'} ${donde}`.trim();
    funciones.set(funcion, (funciones.get(funcion) ?? 0) + us);
  }
  const porPeticion = ([k, us]: [string, number]) => ({ k, us: us / peticiones });
  return {
    procesoUs,
    cpuUs,
    peticiones,
    pasos: [...pasos].map(porPeticion).sort((a, b) => b.us - a.us).map(({ k, us }) => ({ paso: k, us })),
    funciones: [...funciones].map(porPeticion).sort((a, b) => b.us - a.us).slice(0, top).map(({ k, us }) => ({ funcion: k, us })),
  };
}

export function describePerfil(nombre: string, p: Perfil): string[] {
  const us = (n: number) => n.toFixed(1).padStart(7);
  return [
    `${nombre}: ${(p.procesoUs / p.peticiones).toFixed(1)} µs de CPU del proceso por petición, ${(p.cpuUs / p.peticiones).toFixed(1)} µs muestreados (${p.peticiones} peticiones)`,
    ...p.pasos.map(({ paso, us: v }) => `  ${us(v)} µs  ${paso}`),
    '  funciones con más tiempo propio:',
    ...p.funciones.map(({ funcion, us: v }) => `  ${us(v)} µs  ${funcion}`),
  ];
}

/**
 * Each scenario with a ceiling, at concurrency 16 for `duration` seconds, on each server given
 * (the API and its ceiling), profiled while the load runs; warmed for a second before.
 */
export async function measurePerfiles(servers: Record<string, ApiUnderTest>, scenarios: Scenario[], duration: number, prefijo: string, log: (m: string) => void) {
  const perfiles: Record<string, Record<string, Perfil>> = {};
  for (const s of scenarios.filter((x) => x.ceiling)) {
    perfiles[s.name] = {};
    for (const [nombre, server] of Object.entries(servers)) {
      await httpLoad(server.origin, s.path, server.headers, 16, 1, new Recorder());
      const recorder = new Recorder();
      const etiqueta = `${prefijo}-${s.name.replace(/\W+/g, '-')}`;
      const { file, cpuUs } = await server.perfil!(etiqueta, () => httpLoad(server.origin, s.path, server.headers, 16, duration, recorder));
      const { n, errors } = recorder.figures(duration);
      const perfil = summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, n + errors, cpuUs);
      perfiles[s.name][nombre] = perfil;
      for (const line of describePerfil(`${s.name} (${nombre}, ${file})`, perfil)) log(line);
    }
  }
  return perfiles;
}
