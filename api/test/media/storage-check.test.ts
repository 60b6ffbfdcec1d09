// `npm run storage:check`: files no archivo names, uploads no archivo waits
// for, archivos whose file is gone and records pointing at no archivo are reported; --fix
// removes the first two kinds only, never a recorded file nor an upload in progress.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.js';
import { createAlmacen, type Almacen } from '../../src/media/almacen.js';
import { checkAlmacen, describeInforme, quedaMal } from '../../src/media/comprobar.js';
import { registry } from '../../src/resources/index.js';
import { almacenDePrueba } from '../support/almacen.js';
import type { TestApp } from '../support/app.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';

const run = promisify(execFile);
const prueba = almacenDePrueba();
let t: TestDb;
let config: Config;
let almacen: Almacen;
let tmp: string;
const ahora = new Date().toISOString();

beforeEach(async () => {
  t = await createTestDb();
  config = testConfig(t.database, prueba.env);
  almacen = await createAlmacen(config.storage, 24, { crearBucket: true });
  tmp = await mkdtemp(join(tmpdir(), 'aula-comprobar-'));
});

afterEach(async () => {
  await prueba.vaciar({ config } as TestApp);
  await rm(config.storageDir, { recursive: true, force: true });
  await rm(tmp, { recursive: true, force: true });
  await t.destroy();
});

/** Stores a small file at `clave`, as an upload or the seed would. */
async function guardar(clave: string) {
  const fichero = join(tmp, clave.replace('/', '-'));
  await writeFile(fichero, `contenido de ${clave}`);
  await almacen.save(clave, fichero, 'application/octet-stream');
}

async function archivo(ruta: string, estado = 'listo'): Promise<number> {
  const [fila] = await t.db('archivos').insert({ carpeta: ruta.split('/')[1], ruta, estado, createdAt: ahora, updatedAt: ahora }).returning('id');
  return typeof fila === 'object' ? fila.id : fila;
}

// Upload ids are tus's: hex.
const EN_CURSO = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const ABANDONADA = 'bbbb1111bbbb1111bbbb1111bbbb1111';

/**
 * An upload tus holds, where tus keeps it on this store; in progress (its archivo `subiendo`
 * waits for it) or, without `estado`, abandoned (its archivo was deleted while it arrived).
 */
async function subidaGuardada(subida: string, estado?: 'subiendo'): Promise<() => Promise<boolean>> {
  if (estado) await t.db('archivos').insert({ subida, carpeta: 'videos', estado, createdAt: ahora, updatedAt: ahora });
  if (almacen.tipo === 's3') {
    await guardar(subida);
    return async () => (await prueba.restos({ config } as TestApp)).includes(subida);
  }
  const fichero = join(config.storageDir, '.subidas', subida);
  await mkdir(join(config.storageDir, '.subidas'), { recursive: true });
  await writeFile(fichero, 'a medias');
  return () => stat(fichero).then(() => true, () => false);
}

/** A clase holding `video` and `miniatura`, under a curso with `foto`. */
async function registros(video: string, miniatura: string, foto: string) {
  const [curso] = await t.db('cursos').insert({ titulo: 'Curso', precio: 1000, foto, createdAt: ahora, updatedAt: ahora }).returning('id');
  const cursoId = typeof curso === 'object' ? curso.id : curso;
  const [clase] = await t.db('clases').insert({ titulo: 'Clase', cursoId, video, miniatura, createdAt: ahora, updatedAt: ahora }).returning('id');
  return { cursoId, claseId: typeof clase === 'object' ? clase.id : clase };
}

/** The situation the tests check: one of each problem beside things that are fine. */
async function desorden() {
  await guardar('videos/bien.mp4');
  await archivo('/videos/bien.mp4');
  await guardar('photos/bien-miniatura.jpg');
  await archivo('/photos/bien-miniatura.jpg');
  // Still being processed: its file is named, not an orphan, though not `listo`.
  await guardar('videos/procesando.mp4');
  await archivo('/videos/procesando.mp4', 'procesando');
  await guardar('photos/huerfana.jpg');
  const perdido = await archivo('/videos/perdido.mp4');
  const enCurso = await subidaGuardada(EN_CURSO, 'subiendo');
  const abandonada = await subidaGuardada(ABANDONADA);
  // Not a tus id: something else someone keeps there (a bucket may be shared), never ours to remove.
  const ajeno = await subidaGuardada('notas-del-operador.txt');
  // A photo hosted elsewhere is the administrator's business, not storage's.
  const { claseId } = await registros('/videos/bien.mp4', '/photos/nada.jpg', 'https://cdn.example.com/curso.jpg');
  return { perdido, claseId, enCurso, abandonada, ajeno };
}

describe('checkAlmacen', () => {
  it('reports orphan files, archivos without their file and paths that name no archivo', async () => {
    const { perdido, claseId } = await desorden();
    const informe = await checkAlmacen(t.db, registry, almacen);
    expect(informe.huerfanos).toEqual(['photos/huerfana.jpg']);
    expect(informe.subidasHuerfanas).toEqual([ABANDONADA]);
    expect(informe.perdidos).toEqual([{ id: perdido, ruta: '/videos/perdido.mp4' }]);
    expect(informe.rotas).toEqual([{ recurso: 'clases', etiquetas: registry.get('clases').labels, id: claseId, campo: 'miniatura', ruta: '/photos/nada.jpg' }]);
    expect(informe.borrados).toEqual([]);
    expect(quedaMal(informe)).toBe(true);
    // Nothing is removed without --fix.
    expect(await almacen.existe('photos/huerfana.jpg')).toBe(true);

    const texto = describeInforme(informe).join('\n');
    expect(texto).toContain('1 fichero huérfano en el almacenamiento');
    expect(texto).toContain('  /photos/huerfana.jpg');
    expect(texto).toContain('1 subida abandonada en el almacenamiento');
    expect(texto).toContain(`  ${ABANDONADA}`);
    expect(texto).toContain(`  archivo ${perdido}: /videos/perdido.mp4`);
    expect(texto).toContain(`  clase ${claseId}, miniatura: /photos/nada.jpg`);
    expect(texto).toContain('npm run storage:check -- --fix');
  });

  it('with --fix removes the orphan file and the abandoned upload, and nothing else', async () => {
    const { enCurso, abandonada, ajeno } = await desorden();
    const informe = await checkAlmacen(t.db, registry, almacen, { arreglar: true });
    expect(informe.borrados).toEqual(['photos/huerfana.jpg']);
    expect(informe.subidasBorradas).toEqual([ABANDONADA]);
    expect(describeInforme(informe)).toContain('Borrado 1 fichero huérfano.');
    expect(describeInforme(informe)).toContain('Borrada 1 subida abandonada.');
    expect(await abandonada()).toBe(false);
    expect(await ajeno()).toBe(true);
    expect(await almacen.existe('photos/huerfana.jpg')).toBe(false);
    for (const clave of ['videos/bien.mp4', 'photos/bien-miniatura.jpg', 'videos/procesando.mp4']) expect(await almacen.existe(clave), clave).toBe(true);
    expect(await enCurso()).toBe(true);
    // What --fix does not touch is still reported, and still an error.
    const despues = await checkAlmacen(t.db, registry, almacen);
    expect(despues.huerfanos).toEqual([]);
    expect(despues.subidasHuerfanas).toEqual([]);
    expect(despues.perdidos).toHaveLength(1);
    expect(despues.rotas).toHaveLength(1);
    expect(quedaMal(despues)).toBe(true);
  });

  it('says all is in order when storage and records agree', async () => {
    const { perdido, claseId } = await desorden();
    await checkAlmacen(t.db, registry, almacen, { arreglar: true });
    await t.db('archivos').where('id', perdido).delete();
    await t.db('clases').where('id', claseId).update({ miniatura: '/photos/bien-miniatura.jpg' });
    const informe = await checkAlmacen(t.db, registry, almacen);
    expect(quedaMal(informe)).toBe(false);
    expect(describeInforme(informe)).toEqual(['Todo en orden: 3 ficheros en el almacenamiento, cada uno con su archivo, y ninguna ruta sin archivo.']);
  });
});

describe('npm run storage:check', () => {
  it('reads the configured database and storage, says what it removed in Spanish and exits 1 while something stays wrong', async () => {
    await desorden();
    const { database } = config;
    const url = new URL(database.connectionString ?? 'postgres://x');
    if (database.schema) url.searchParams.set('schema', database.schema);
    const env = {
      ...process.env,
      ...prueba.env,
      NODE_ENV: 'test',
      STORAGE_DIR: config.storageDir,
      DATABASE_URL: database.dialect === 'sqlite' ? `sqlite:${database.filename}` : url.toString(),
    };
    const salida = await run('npx', ['tsx', 'scripts/storage-check.ts', '--fix'], { env }).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => err,
    );
    expect(salida.code).toBe(1);
    expect(salida.stdout).toContain('/photos/huerfana.jpg');
    expect(salida.stdout).toContain('Borrado 1 fichero huérfano.');
    expect(salida.stdout).toContain('/videos/perdido.mp4');
    expect(await almacen.existe('photos/huerfana.jpg')).toBe(false);
    expect(await almacen.existe('videos/bien.mp4')).toBe(true);
  });
});
