// `npx tsx bench/matriculas.ts [pg|sqlite] [matrículas] [segundos]` (PostgreSQL, 1 000 000 and 10
// by default; pg reads TEST_DATABASE_URL). Issue 33:
// 1. The question the shop asks on every play, GET /usuarios/{id}/acceso/{cursoId}, over HTTP with
//    the shop's API token at c=16 over a table of `matrículas` rows (200 000 usuarios × 5 cursos,
//    a fifth of them revoked), against the bare driver running the same SQL at c=16. Target: p95
//    under 5 ms.
// 2. A lote of 10 000 usuarios enrolled in a curso by the runner: seconds from the POST to
//    «terminado».
// Prints both; exits 1 if an answer was wrong or the lote did not finish.
import { performance } from 'node:perf_hooks';
import { closedLoop } from './load.js';
import { Recorder } from './stats.js';
import { createTestApp } from '../api/test/support/app.js';
import { tokenCon } from '../api/test/support/cuentas.js';

const dialect = (process.argv[2] ?? 'pg') as 'pg' | 'sqlite';
const total = Number(process.argv[3] ?? 1_000_000);
const segundos = Number(process.argv[4] ?? 10);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const CURSOS = 5;
const USUARIOS = Math.ceil(total / CURSOS);

const t = await createTestApp({ LOG_LEVEL: 'silent', TOKEN_MAX_POR_MINUTO: '1000000' }, dialect);
const fallos: string[] = [];
try {
  const ahora = new Date().toISOString();
  const cursoIds: number[] = [];
  for (let i = 0; i < CURSOS; i++) cursoIds.push(Number((await t.call('POST', '/cursos', { titulo: `Curso ${i}`, precio: 1000 })).body.id));
  const t0 = performance.now();
  if (dialect === 'pg') {
    await t.db.raw(`INSERT INTO usuarios (nombre, apellidos, email, "createdAt", "updatedAt") SELECT 'Alumna', 'Bench ' || g, 'bench' || g || '@example.com', now(), now() FROM generate_series(1, ?) g`, [USUARIOS]);
    await t.db.raw(
      `INSERT INTO matriculas ("usuarioId", "cursoId", desde, hasta, estado, origen, "createdAt", "updatedAt")
       SELECT u.id, c.id, now(), now() + interval '1 year', CASE WHEN (u.id + c.id) % 5 = 0 THEN 'revocada' ELSE 'activa' END, 'manual', now(), now()
       FROM usuarios u CROSS JOIN cursos c`,
    );
    await t.db.raw('ANALYZE usuarios; ANALYZE matriculas');
  } else {
    const hasta = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await t.db.raw(
      `INSERT INTO usuarios (nombre, apellidos, email, "createdAt", "updatedAt")
       WITH RECURSIVE g(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM g WHERE x < ?) SELECT 'Alumna', 'Bench ' || x, 'bench' || x || '@example.com', ?, ? FROM g`,
      [USUARIOS, ahora, ahora],
    );
    await t.db.raw(
      `INSERT INTO matriculas ("usuarioId", "cursoId", desde, hasta, estado, origen, "createdAt", "updatedAt")
       SELECT u.id, c.id, ?, ?, CASE WHEN (u.id + c.id) % 5 = 0 THEN 'revocada' ELSE 'activa' END, 'manual', ?, ? FROM usuarios u CROSS JOIN cursos c`,
      [ahora, hasta, ahora, ahora],
    );
    await t.db.raw('ANALYZE');
  }
  const [{ n }] = await t.db('matriculas').count({ n: '*' });
  console.log(`${dialect}: ${Number(n).toLocaleString('es-ES')} matrículas escritas en ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const usuarioIds = ((await t.db('usuarios').orderBy('id').pluck('id')) as unknown[]).map(Number);
  const par = () => {
    const u = usuarioIds[Math.floor(Math.random() * usuarioIds.length)];
    const c = cursoIds[Math.floor(Math.random() * CURSOS)];
    return { u, c, espera: (u + c) % 5 !== 0 };
  };

  // 1. Over HTTP, as the shop.
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const tienda = await tokenCon(t, 'tienda');
  const http = new Recorder();
  const sHttp = await closedLoop(
    async () => {
      const { u, c, espera } = par();
      const res = await fetch(`${origin}/usuarios/${u}/acceso/${c}`, { headers: { authorization: `Bearer ${tienda.token}` } });
      const body = (await res.json()) as { acceso: boolean };
      if (res.status !== 200 || body.acceso !== espera) {
        if (fallos.length < 5) fallos.push(`${u}/${c}: ${res.status} ${JSON.stringify(body)}`);
        throw new Error('respuesta errónea');
      }
    },
    16,
    segundos,
    http,
  );
  // The bare driver, the same lookup.
  const driver = new Recorder();
  const sDriver = await closedLoop(
    async () => {
      const { u, c } = par();
      await t.db('matriculas').where({ usuarioId: u, cursoId: c, estado: 'activa' }).first('id', 'hasta');
    },
    16,
    segundos,
    driver,
  );
  const fmt = (f: ReturnType<Recorder['figures']>) => `${Math.round(f.rps).toLocaleString('es-ES')} pet/s · p50 ${f.p50.toFixed(2)} ms · p95 ${f.p95.toFixed(2)} ms · p99 ${f.p99.toFixed(2)} ms · ${f.n} medidas · ${f.errors} errores`;
  const fh = http.figures(sHttp);
  const fd = driver.figures(sDriver);
  console.log(`acceso por HTTP (token de la tienda, c=16): ${fmt(fh)}`);
  console.log(`mismo SQL con el driver (c=16):            ${fmt(fd)}`);
  console.log(`HTTP / driver: ${((fh.rps / fd.rps) * 100).toFixed(0)} % · objetivo p95 < 5 ms: ${fh.p95 < 5 ? 'cumplido' : 'NO cumplido'}`);

  // 2. A lote of 10 000.
  const curso = Number((await t.call('POST', '/cursos', { titulo: 'Curso del lote', precio: 1000 })).body.id);
  const elegidos = usuarioIds.slice(0, 10_000);
  const inicio = performance.now();
  const lanzado = await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: curso, usuarioIds: elegidos });
  if (lanzado.status !== 202) throw new Error(`POST /matriculas/lote: ${lanzado.status} ${JSON.stringify(lanzado.body)}`);
  let lote: Record<string, any> = lanzado.body;
  while (lote.estado !== 'terminado' && lote.estado !== 'fallido') {
    await new Promise((r) => setTimeout(r, 200));
    lote = (await t.call('GET', `/lotes/${lote.id}`)).body;
  }
  const s = (performance.now() - inicio) / 1000;
  console.log(`lote de ${elegidos.length.toLocaleString('es-ES')} usuarios: ${lote.estado} en ${s.toFixed(1)} s (${Math.round(elegidos.length / s)} matrículas/s) · hechas ${lote.hechas}, sin cambios ${lote.saltadas}, rechazadas ${lote.rechazadas}`);
  if (lote.estado !== 'terminado' || lote.hechas !== elegidos.length) fallos.push(`el lote terminó ${lote.estado} con ${lote.hechas} hechas`);
  if (fh.errors) fallos.push(`${fh.errors} respuestas de acceso erróneas`);
} finally {
  await t.destroy();
}
if (fallos.length) {
  console.error(fallos.join('\n'));
  process.exit(1);
}
