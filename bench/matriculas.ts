// `npx tsx bench/matriculas.ts [pg|sqlite] [matrículas] [segundos]` (PostgreSQL, 1 000 000 and 10
// by default; pg reads TEST_DATABASE_URL's server and uses a database of its own,
// aula_bench_matriculas; SQLite, data/bench-matriculas.sqlite). Issue 33:
// 1. The question the shop asks on every play, GET /usuarios/{id}/acceso/{cursoId}, over a table of
//    `matrículas` rows (200 000 usuarios × 5 cursos, a fifth of them revoked), at c=16 with
//    autocannon, the API in its own process as in production (so the load generator does not
//    share its event loop): with the shop's API token, with a session, against the HTTP ceiling
//    (ceiling.ts: node:http, the session checked, the security headers, the same SQL) and the
//    bare driver. Target: p95 under 5 ms.
// 2. A lote of 10 000 usuarios enrolled in a curso by the runner: seconds from the POST to
//    «terminado».
// Prints both; exits 1 if an answer was wrong or the lote did not finish. With `perfil` as a fifth
// argument, also where the API's CPU goes per request with the token and with a session
// (bench/perfil.ts), to compare with the ceiling's.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../api/src/auth/passwords.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { migrateLatest } from '../migrations/index.js';
import { login, startServer } from './api.js';
import { openPg, openSqlite } from './driver.js';
import { baseDePrueba, resetPg, targetFor } from './fill.js';
import { httpLoad } from './http.js';
import { type CpuProfile, describePerfil, summarize } from './perfil.js';
import { closedLoop } from './load.js';
import { ACCESO_SQL } from './scenarios.js';
import { Recorder } from './stats.js';

const dialect = (process.argv[2] ?? 'pg') as 'pg' | 'sqlite';
const total = Number(process.argv[3] ?? 1_000_000);
const segundos = Number(process.argv[4] ?? 10);
const perfilar = process.argv[5] === 'perfil';
const CURSOS = 5;
const USUARIOS = Math.ceil(total / CURSOS);

const target = targetFor(dialect, process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'aula_bench_matriculas');
let url = target.url;
if (dialect === 'pg') await resetPg(target, true);
else url = await baseDePrueba(target, 'matriculas');
const driverPath = dialect === 'pg' ? url : url.slice('sqlite:'.length);
const env = { DATABASE_URL: url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', WORKERS: '1', SCRYPT_N: '1024', TOKEN_MAX_POR_MINUTO: '1000000' };
const config = loadConfig(env);
const db = createDb(config.database);
const servidores: Awaited<ReturnType<typeof startServer>>[] = [];
const fallos: string[] = [];
try {
  await migrateLatest(db);
  const ahora = new Date().toISOString();
  // An administrator of our own: the API then seeds no demo data.
  await db('logins').insert({ usuario: 'admin', pass: await hashPassword('admin', config.scrypt), nombre: 'Administrador', activo: true, createdAt: ahora, updatedAt: ahora });
  const api = await startServer('./server.ts', env);
  servidores.push(api);
  const sesion = await login(api.origin);
  const post = async (ruta: string, body: object) => {
    const res = await fetch(`${api.origin}${ruta}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sesion }, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`POST ${ruta}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const cursoIds: number[] = [];
  for (let i = 0; i < CURSOS; i++) cursoIds.push(Number((await post('/cursos', { titulo: `Curso ${i}`, precio: 1000 })).id));
  const t0 = performance.now();
  if (dialect === 'pg') {
    await db.raw(`INSERT INTO usuarios (nombre, apellidos, email, "createdAt", "updatedAt") SELECT 'Alumna', 'Bench ' || g, 'bench' || g || '@example.com', now(), now() FROM generate_series(1, ?) g`, [USUARIOS]);
    await db.raw(
      `INSERT INTO matriculas ("usuarioId", "cursoId", desde, hasta, estado, origen, "createdAt", "updatedAt")
       SELECT u.id, c.id, now(), now() + interval '1 year', CASE WHEN (u.id + c.id) % 5 = 0 THEN 'revocada' ELSE 'activa' END, 'manual', now(), now()
       FROM usuarios u CROSS JOIN cursos c`,
    );
    await db.raw('ANALYZE usuarios; ANALYZE matriculas');
  } else {
    const hasta = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await db.raw(
      `INSERT INTO usuarios (nombre, apellidos, email, "createdAt", "updatedAt")
       WITH RECURSIVE g(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM g WHERE x < ?) SELECT 'Alumna', 'Bench ' || x, 'bench' || x || '@example.com', ?, ? FROM g`,
      [USUARIOS, ahora, ahora],
    );
    await db.raw(
      `INSERT INTO matriculas ("usuarioId", "cursoId", desde, hasta, estado, origen, "createdAt", "updatedAt")
       SELECT u.id, c.id, ?, ?, CASE WHEN (u.id + c.id) % 5 = 0 THEN 'revocada' ELSE 'activa' END, 'manual', ?, ? FROM usuarios u CROSS JOIN cursos c`,
      [ahora, hasta, ahora, ahora],
    );
    await db.raw('ANALYZE');
  }
  const [{ n }] = await db('matriculas').count({ n: '*' });
  console.log(`${dialect}: ${Number(n).toLocaleString('es-ES')} matrículas escritas en ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const usuarioIds = ((await db('usuarios').orderBy('id').pluck('id')) as unknown[]).map(Number);
  const par = () => {
    const u = usuarioIds[Math.floor(Math.random() * usuarioIds.length)];
    const c = cursoIds[Math.floor(Math.random() * CURSOS)];
    return { u, c, espera: (u + c) % 5 !== 0 };
  };
  const ruta = () => {
    const { u, c } = par();
    return `/usuarios/${u}/acceso/${c}`;
  };

  // 1. The shop's question. First, that the API and the ceiling answer it rightly.
  const ceiling = await startServer('./ceiling.ts', { BENCH_DIALECT: dialect, BENCH_DB: driverPath });
  servidores.push(ceiling);
  const tienda = { authorization: `Bearer ${(await post('/tokens', { nombre: 'Tienda del banco de pruebas', rol: 'tienda' })).token}` };
  for (let i = 0; i < 200; i++) {
    const { u, c, espera } = par();
    for (const [origin, headers] of [[api.origin, tienda], [ceiling.origin, sesion]] as const) {
      const res = await fetch(`${origin}/usuarios/${u}/acceso/${c}`, { headers });
      const body = (await res.json()) as { acceso: boolean };
      if (res.status !== 200 || body.acceso !== espera) fallos.push(`${origin} ${u}/${c}: ${res.status} ${JSON.stringify(body)}`);
    }
  }
  const measure = async (origin: string, headers: Record<string, string>) => {
    const r = new Recorder();
    return r.figures(await httpLoad(origin, ruta, headers, 16, segundos, r));
  };
  const conToken = await measure(api.origin, tienda);
  const conSesion = await measure(api.origin, sesion);
  const techo = await measure(ceiling.origin, sesion);
  // The bare driver, the same lookup, in this process.
  const conexion = dialect === 'pg' ? openPg(driverPath) : openSqlite(driverPath);
  const driver = new Recorder();
  const sDriver = await closedLoop(
    () => {
      const { u, c } = par();
      return conexion.query(ACCESO_SQL, [u, c, 'activa']);
    },
    16,
    segundos,
    driver,
  );
  await conexion.close();
  const fd = driver.figures(sDriver);
  const fmt = (f: ReturnType<Recorder['figures']>) => `${Math.round(f.rps).toLocaleString('es-ES')} pet/s · p50 ${f.p50.toFixed(2)} ms · p95 ${f.p95.toFixed(2)} ms · p99 ${f.p99.toFixed(2)} ms · ${f.n} medidas · ${f.errors} errores`;
  console.log(`acceso, API con el token de la tienda (c=16): ${fmt(conToken)}`);
  console.log(`acceso, API con sesión (c=16):                ${fmt(conSesion)}`);
  console.log(`acceso, techo HTTP con sesión (c=16):         ${fmt(techo)}`);
  console.log(`mismo SQL con el driver (c=16):               ${fmt(fd)}`);
  console.log(`API (token) / techo: ${((conToken.rps / techo.rps) * 100).toFixed(0)} % · API (sesión) / techo: ${((conSesion.rps / techo.rps) * 100).toFixed(0)} % · techo / driver: ${((techo.rps / fd.rps) * 100).toFixed(0)} %`);
  console.log(`objetivo p95 < 5 ms: API con token ${conToken.p95 < 5 ? 'cumplido' : 'NO cumplido'} · techo ${techo.p95 < 5 ? 'lo cumple' : 'tampoco lo cumple'}`);
  for (const [nombre, f] of [['token', conToken], ['sesión', conSesion], ['techo', techo]] as const) if (f.errors) fallos.push(`${f.errors} respuestas de acceso erróneas (${nombre})`);
  if (perfilar) {
    for (const [nombre, servidor, headers] of [['API con token', api, tienda], ['API con sesión', api, sesion], ['techo', ceiling, sesion]] as const) {
      const r = new Recorder();
      const { file, cpuUs } = await servidor.perfil!(`acceso-${nombre.replace(/\W+/g, '-')}`, () => httpLoad(servidor.origin, ruta, headers, 16, segundos, r));
      const { n: peticiones, errors } = r.figures(segundos);
      for (const linea of describePerfil(`acceso, ${nombre} (${file})`, summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, peticiones + errors, cpuUs, 15))) console.log(linea);
    }
  }

  // 2. A lote of 10 000.
  const curso = Number((await post('/cursos', { titulo: 'Curso del lote', precio: 1000 })).id);
  const elegidos = usuarioIds.slice(0, 10_000);
  const inicio = performance.now();
  let lote = await post('/matriculas/lote', { accion: 'matricular', cursoId: curso, usuarioIds: elegidos });
  while (lote.estado !== 'terminado' && lote.estado !== 'fallido') {
    await new Promise((r) => setTimeout(r, 200));
    lote = (await (await fetch(`${api.origin}/lotes/${lote.id}`, { headers: sesion })).json()) as Record<string, any>;
  }
  const s = (performance.now() - inicio) / 1000;
  console.log(`lote de ${elegidos.length.toLocaleString('es-ES')} usuarios: ${lote.estado} en ${s.toFixed(1)} s (${Math.round(elegidos.length / s)} matrículas/s) · hechas ${lote.hechas}, sin cambios ${lote.saltadas}, rechazadas ${lote.rechazadas}`);
  if (lote.estado !== 'terminado' || lote.hechas !== elegidos.length) fallos.push(`el lote terminó ${lote.estado} con ${lote.hechas} hechas`);
} finally {
  for (const s of servidores) await s.stop();
  await db.destroy();
}
if (fallos.length) {
  console.error(fallos.join('\n'));
  process.exit(1);
}
