// kill -9 in the middle of a job, with the API as production runs it: a real process processing
// an upload (ffprobe made slow, so the kill lands while it works) is killed with SIGKILL. Another
// process, started on the same database and storage, takes the job up once its lease has lapsed
// and finishes it: the file ends `listo`, its job `hecho` on its second attempt, and the outcome
// is written once. Nothing is lost, and nothing is done twice that shows.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';
import { carpetaTemporal, videoDePrueba, type CarpetaTemporal } from '../support/medios.js';
import { subir } from '../support/subidas.js';

let t: TestDb;
let ficheros: CarpetaTemporal;
let video: string;
let empezados: string;
let env: Record<string, string>;
const vivas: ChildApi[] = [];

beforeAll(async () => {
  t = await createTestDb();
  ficheros = await carpetaTemporal();
  video = await ficheros.generar('clase.mp4', [...videoDePrueba(3), '-pix_fmt', 'yuv420p']);
  // An ffprobe that notes each time it starts on a file and takes a while before answering.
  empezados = join(ficheros.dir, 'empezados');
  const lento = join(ficheros.dir, 'ffprobe-lento');
  await writeFile(lento, `#!/bin/sh\ncase "$*" in *-version*) exec ffprobe "$@";; esac\necho "$$" >> '${empezados}'\nsleep 3\nexec ffprobe "$@"\n`);
  await chmod(lento, 0o755);
  // An account already there: the processes find a database in use and seed no demo data.
  const ahora = new Date().toISOString();
  const { scrypt } = testConfig(t.database);
  await t.db('logins').insert({ usuario: 'admin', pass: await hashPassword('admin', scrypt), nombre: 'Administración', activo: true, createdAt: ahora, updatedAt: ahora });
  env = { STORAGE_DIR: join(ficheros.dir, 'almacen'), FFPROBE_PATH: lento, TRABAJOS_ARRIENDO_S: '1' };
}, 60_000);

afterAll(async () => {
  for (const api of vivas) await api.kill('SIGKILL');
  await t?.destroy();
  await ficheros?.borrar();
});

const lineas = async () => (await readFile(empezados, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

describe('a process killed with SIGKILL in the middle of a job', () => {
  it('leaves the job to another process, which finishes it once', { timeout: 120_000 }, async () => {
    const a = await startChildApi(t.database, env);
    vivas.push(a);
    const { subida } = await subir(a.url, await a.login(), video, { carpeta: 'videos', filename: 'matada.mp4' });
    // The first process is reading the file when it dies.
    await expect.poll(lineas, { timeout: 30_000, interval: 50 }).toBe(1);
    await a.kill('SIGKILL');
    expect(await t.db('trabajos').where({ clave: subida }).first()).toMatchObject({ estado: 'ejecutando', intentos: 1, generacion: 1 });
    expect(await t.db('archivos').where({ subida }).first()).toMatchObject({ estado: 'procesando', duracion: null });

    const b = await startChildApi(t.database, env);
    vivas.push(b);
    await expect.poll(async () => (await t.db('archivos').where({ subida }).first()).estado, { timeout: 60_000, interval: 200 }).toBe('listo');
    expect(await t.db('archivos').where({ subida }).first()).toMatchObject({ duracion: 3, ancho: 320, alto: 240, error: null });
    const trabajos = await t.db('trabajos').where({ clave: subida });
    expect(trabajos).toEqual([expect.objectContaining({ estado: 'hecho', intentos: 2, generacion: 2, error: null, titular: null })]);
    // The second process read the file itself (ffprobe once more, or twice with the thumbnail's).
    expect(await lineas()).toBeGreaterThan(1);
    // Written once: created (1), finished uploading (2), processed (3).
    expect((await t.db('archivos').where({ subida }).first()).version).toBe(3);
    await b.kill('SIGTERM');
  });
});
