// Search-as-you-type on the pagos list: a student's surname and a course's
// title typed one letter at a time, each keystroke asking what the admin asks, the page (25,
// fecha DESC) and its total (`Prefer: count=estimated`) at once. Each keystroke is measured on
// its own, API against the bare driver running exactly the statements the API ran for it (the
// search planner's lookups, the page, the count's steps). The API runs with COUNT_MEMORY_MS=0:
// a keystroke measured over and over would otherwise get its count from memory after the first
// time, and what a typist waits for is the first time.
import { buildApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { foldTexto } from '../api/src/db/pliegue.js';
import { resources } from '../api/src/resources/index.js';
import { whereDeBusqueda } from '../contrato/busqueda.js';
import { startApiProcess } from './api.js';
import { getter } from './apertura.js';
import type { Driver } from './driver.js';
import type { Target } from './fill.js';
import { closedLoop } from './load.js';
import { measureSides, type Load } from './measure.js';
import type { Statement } from './scenarios.js';
import type { Figures } from './stats.js';

const PAGE = 25;
const SIN_MEMORIA = { COUNT_MEMORY_MS: '0' };

export interface Tecla {
  palabra: string;
  /** What the search box holds after this keystroke. */
  texto: string;
  pagePath: string;
  countPath: string;
  /** What the API answered, once, before measuring. */
  filas: number;
  recuento: unknown;
  /** The statements the API ran for the page and for the count (the session lookup aside). */
  pagina: Statement[];
  cuenta: Statement[];
}

export interface TeclaMedida {
  texto: string;
  concurrency: number;
  api: Figures;
  driver: Figures;
  /** API keystrokes/s ÷ driver keystrokes/s. */
  ratio: number;
}

export interface Busqueda {
  palabras: { apellido: string; curso: string };
  teclas: Omit<Tecla, 'pagina' | 'cuenta' | 'pagePath' | 'countPath'>[];
  medidas: TeclaMedida[];
}

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/**
 * The words typed: the first surname of the student of the newest pago, and the first long word
 * of its course's title, without accents or capitals, as people type them into a search box.
 */
async function palabras(driver: Driver): Promise<{ apellido: string; curso: string }> {
  const [fila] = await driver.query(
    'SELECT u."apellidos" AS "apellidos", c."titulo" AS "titulo" FROM "pagos" p JOIN "usuarios" u ON u."id" = p."usuarioId" JOIN "cursos" c ON c."id" = p."cursoId" WHERE u."apellidos" IS NOT NULL ORDER BY p."fecha" DESC LIMIT 1',
    [],
  );
  const primera = (texto: string, min: number) => foldTexto(String(texto)).split(/[^a-z]+/).find((w) => w.length >= min) ?? foldTexto(String(texto));
  return { apellido: primera(String(fila.apellidos), 3), curso: primera(String(fila.titulo), 5) };
}

/** Every keystroke of both words, with the SQL the API ran for it, recorded in this process. */
async function teclas(target: Target, words: { apellido: string; curso: string }): Promise<Tecla[]> {
  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent', ...SIN_MEMORIA });
  const db = createDb(config.database);
  const app = await buildApp({ config, db });
  let seen: Statement[] = [];
  db.on('query', (x: { sql: string; bindings?: unknown[] }) => seen.push({ sql: x.sql, params: x.bindings ?? [] }));
  const propias = (statements: Statement[]) => statements.filter((st) => !/\bsesiones\b/.test(st.sql));
  try {
    const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('aula_sesion='))?.split(';')[0] ?? '';
    const out: Tecla[] = [];
    for (const palabra of [words.apellido, words.curso]) {
      for (let n = 1; n <= palabra.length; n++) {
        const texto = palabra.slice(0, n);
        const where = whereDeBusqueda(resources.pagos.searchFields, texto);
        const pagePath = `/pagos?filter=${q({ where, order: 'fecha DESC', limit: PAGE, skip: 0 })}`;
        const countPath = `/pagos/count?where=${q(where)}`;
        seen = [];
        const page = await app.inject({ method: 'GET', url: pagePath, headers: { cookie } });
        const pagina = propias(seen);
        seen = [];
        const count = await app.inject({ method: 'GET', url: countPath, headers: { cookie, prefer: 'count=estimated' } });
        const cuenta = propias(seen);
        if (page.statusCode !== 200 || count.statusCode !== 200) throw new Error(`búsqueda «${texto}»: HTTP ${page.statusCode}/${count.statusCode} ${page.body.slice(0, 200)} ${count.body.slice(0, 200)}`);
        out.push({ palabra, texto, pagePath, countPath, filas: (JSON.parse(page.body) as unknown[]).length, recuento: JSON.parse(count.body), pagina, cuenta });
      }
    }
    return out;
  } finally {
    await app.close();
    await db.destroy();
  }
}

export async function measureBusqueda(target: Target, driver: Driver, duration: number, concurrencies: number[]): Promise<Busqueda> {
  const words = await palabras(driver);
  const todas = await teclas(target, words);
  const api = await startApiProcess(target.url, { env: SIN_MEMORIA });
  const medidas: TeclaMedida[] = [];
  try {
    for (const c of concurrencies) {
      const { get, close } = getter(api, c);
      const side = (op: () => Promise<unknown>): Load => (t, rec) => closedLoop(op, c, t, rec);
      try {
        for (const tecla of todas) {
          const [a, d] = await measureSides(duration, [
            side(() => Promise.all([get(tecla.pagePath), get(tecla.countPath, { prefer: 'count=estimated' })])),
            side(() => Promise.all([driver.sequence(tecla.pagina), driver.sequence(tecla.cuenta)])),
          ]);
          medidas.push({ texto: tecla.texto, concurrency: c, api: a, driver: d, ratio: a.rps / d.rps });
        }
      } finally {
        close();
      }
    }
  } finally {
    await api.stop();
  }
  return { palabras: words, teclas: todas.map(({ palabra, texto, filas, recuento }) => ({ palabra, texto, filas, recuento })), medidas };
}

export function describeBusqueda(b: Busqueda): string[] {
  const f = (x: Figures) => `${x.rps.toFixed(0).padStart(5)}/s p50 ${x.p50.toFixed(1).padStart(6)} p99 ${x.p99.toFixed(1).padStart(6)} ms`;
  const lines = [`búsqueda mientras se escribe en la lista de pagos: «${b.palabras.apellido}» (apellido) y «${b.palabras.curso}» (curso), letra a letra; página de ${PAGE} + total estimado a la vez`];
  for (const m of b.medidas) {
    const t = b.teclas.find((x) => x.texto === m.texto)!;
    const errores = m.api.errors + m.driver.errors ? ` · ${m.api.errors} errores API, ${m.driver.errors} driver` : '';
    lines.push(`  c=${m.concurrency} «${m.texto}»`.padEnd(22) + ` API ${f(m.api)} · driver ${f(m.driver)} · ${(m.ratio * 100).toFixed(0)}% · ${t.filas} filas, total ${JSON.stringify(t.recuento)}${errores}`);
  }
  return lines;
}
