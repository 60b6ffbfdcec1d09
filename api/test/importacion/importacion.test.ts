// Importing students from another platform (issue 33, point 5; docs/arquitectura.md §24): a CSV or
// XLSX of students, previewed (nothing written) and confirmed in one transaction, all or nothing.
// Runs on SQLite and PostgreSQL.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, type Cuenta } from '../support/cuentas.js';

let t: TestApp;
let contable: Cuenta;
let editor: Cuenta;
let curso: { id: number; titulo: string };
let otroCurso: { id: number; titulo: string };

type Obj = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  contable = await cuentaCon(t, 'contable');
  editor = await cuentaCon(t, 'editor');
  const a = await t.call('POST', '/cursos', { titulo: 'Fotografía nocturna', precio: 5000 });
  const b = await t.call('POST', '/cursos', { titulo: 'Revelado digital', precio: 5000 });
  expect(a.status).toBe(200);
  curso = { id: a.body.id, titulo: a.body.titulo };
  otroCurso = { id: b.body.id, titulo: b.body.titulo };
}, 120_000);
afterAll(() => t.destroy());

async function send(archivo: Buffer | string, modo = 'previsualizar', { cookie = contable.cookie, tipo = 'application/octet-stream' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/usuarios/importar?modo=${modo}&nombre=alumnos.csv`,
    payload: typeof archivo === 'string' ? Buffer.from(archivo, 'utf8') : archivo,
    headers: { 'content-type': tipo, cookie },
  });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
}

const count = async (tabla: string) => Number((await t.db(tabla).count({ n: '*' }).first())!.n);
const usuarioPor = (email: string) => t.db('usuarios').whereRaw('lower("email") = ?', [email.toLowerCase()]).first();
const futuro = () => {
  const d = new Date(Date.now() + 400 * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const unico = () => Math.random().toString(36).slice(2, 9);

describe('the preview', () => {
  it('reads a CSV with `;`, a BOM and accented headers, and writes nothing', async () => {
    const u = unico();
    const csv = `\ufeffCorreo;Nombre;Apellidos;Teléfono;DNI;Curso;Hasta\r\nana.${u}@example.com;Ana;Pérez Gil;600111222;12345678Z;fotografía nocturna;${futuro()}\r\nluis.${u}@example.com;Luis;Martín;;;;\r\n`;
    const antes = await count('usuarios');
    const logs = await count('logs');
    const res = await send(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ formato: 'csv', filas: 2, crear: 2, actualizar: 0, matriculas: 1, totalErrores: 0, errores: [] });
    expect(res.body.muestra[0]).toMatchObject({ fila: 2, accion: 'crear', usuario: { email: `ana.${u}@example.com`, nombre: 'Ana', apellidos: 'Pérez Gil', telefono: '600111222', nif: '12345678Z' }, curso });
    expect(await count('usuarios')).toBe(antes);
    expect(await count('logs')).toBe(logs);
  });

  it('lists each bad row with its row, its column and the reason, and the refused rows as a CSV', async () => {
    const u = unico();
    const csv = [
      'email,nombre,apellidos,curso,hasta',
      `bien.${u}@example.com,Bien,Uno,,`,
      `no-es-un-email,Mal,Dos,,`,
      `otra.${u}@example.com,,Tres,Curso que no existe,`,
      `pasada.${u}@example.com,Cuatro,Cuatro,${curso.id},01/01/2020`,
    ].join('\n');
    const res = await send(csv);
    expect(res.status).toBe(200);
    expect(res.body.crear).toBe(1);
    expect(res.body.totalErrores).toBe(4);
    expect(res.body.errores).toEqual([
      { fila: 3, columna: 'email', motivo: '«no-es-un-email» no es un email válido' },
      { fila: 4, columna: 'nombre', motivo: 'Es obligatorio' },
      { fila: 4, columna: 'curso', motivo: expect.stringContaining('No hay ningún curso «Curso que no existe»') },
      { fila: 5, columna: 'hasta', motivo: expect.stringContaining('ya ha pasado') },
    ]);
    const rechazadas = await send(csv, 'rechazadas');
    expect(rechazadas.status).toBe(200);
    expect(String(rechazadas.headers['content-type'])).toMatch(/text\/csv/);
    const lineas = String(rechazadas.body).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lineas[0]).toBe('email;nombre;apellidos;curso;hasta;fila;errores');
    expect(lineas).toHaveLength(4);
    expect(lineas[1]).toBe('no-es-un-email;Mal;Dos;;;3;email: «no-es-un-email» no es un email válido');
  });

  it('reads an XLSX built with exceljs: numbers, dates and hyperlinks as text', async () => {
    const u = unico();
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Alumnos');
    hoja.addRow(['EMAIL', 'nombre', 'APELLIDOS', 'telefono', 'curso', 'hasta']);
    const hasta = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 5, 30));
    hoja.addRow([{ text: `xl.${u}@example.com`, hyperlink: `mailto:xl.${u}@example.com` }, 'Excel', 'Libro', 600123123, otroCurso.titulo, hasta]);
    const res = await send(Buffer.from(await libro.xlsx.writeBuffer()), 'previsualizar', { tipo: 'application/octet-stream' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ formato: 'xlsx', filas: 1, crear: 1, matriculas: 1, totalErrores: 0 });
    expect(res.body.muestra[0].usuario).toMatchObject({ email: `xl.${u}@example.com`, telefono: '600123123' });
    expect(res.body.muestra[0].curso).toEqual(otroCurso);
    expect(res.body.muestra[0].hasta.slice(0, 4)).toBe(String(hasta.getUTCFullYear()));
  });

  it('only a contable or an administrador imports', async () => {
    const res = await send('email,nombre,apellidos\na@b.es,A,B\n', 'previsualizar', { cookie: editor.cookie });
    expect(res.status).toBe(403);
  });
});

describe('files refused as a whole, with a clear reason', () => {
  const casos: Array<[string, Buffer | string, RegExp]> = [
    ['not UTF-8 (Latin-1)', Buffer.from('email;nombre;apellidos\r\nnuno@example.com;Nuño;Peña\r\n', 'latin1'), /no está en UTF-8: guárdalo como CSV UTF-8/],
    ['an unclosed quote', 'email,nombre,apellidos\na@example.com,"Ana,Pérez\nb@example.com,Bea,Gil\n', /comillas sin cerrar/],
    ['an empty file', '', /vacío|cuerpo/],
    ['only blank lines', '\ufeff\r\n\r\n', /vacío/],
    ['no required headers', 'correo,telefono\na@example.com,600\n', /Faltan las columnas obligatorias: nombre, apellidos/],
    ['only the header', 'email,nombre,apellidos\n', /solo tiene la cabecera/],
    ['a zip that is no workbook', Buffer.from('PK\u0003\u0004 esto no es un excel'), /no se puede abrir/],
  ];
  for (const [que, archivo, motivo] of casos) {
    it(`refuses ${que}`, async () => {
      const res = await send(archivo);
      expect(res.status === 400 || res.status === 422).toBe(true);
      expect(res.body.error.message).toMatch(motivo);
    });
  }

  it('refuses more than 50 000 rows, and a body that is not application/octet-stream', async () => {
    const lineas = ['email,nombre,apellidos'];
    for (let i = 0; i <= 50_000; i++) lineas.push(`x${i}@example.com,X,Y`);
    const res = await send(lineas.join('\n'));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/más de 50\.000 filas/);
    const csv = await send('email,nombre,apellidos\na@example.com,A,B\n', 'previsualizar', { tipo: 'text/plain' });
    expect(csv.status).toBe(415);
  });

  it('refuses an XLSX with a formula cell, naming the cell', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Alumnos');
    hoja.addRow(['email', 'nombre', 'apellidos']);
    hoja.addRow(['f@example.com', 'Fe', 'Lix']);
    hoja.getCell('C3').value = { formula: 'A2&"x"', result: 'f@example.comx' } as ExcelJS.CellFormulaValue;
    hoja.getCell('A3').value = 'g@example.com';
    hoja.getCell('B3').value = 'Ge';
    const res = await send(Buffer.from(await libro.xlsx.writeBuffer()), 'confirmar');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('La celda C3 tiene una fórmula: pega solo valores');
    expect(await usuarioPor('f@example.com')).toBeUndefined();
  });
});

describe('confirming', () => {
  it('creates, updates by email (any case) and enrols by title or id, with origen importacion', async () => {
    const u = unico();
    const previo = await t.call('POST', '/usuarios', { email: `Existe.${u}@Example.com`, nombre: 'Viejo', apellidos: 'Nombre', telefono: '911' });
    expect(previo.status).toBe(200);
    const csv = [
      'email;nombre;apellidos;telefono;curso;hasta',
      `existe.${u}@example.com;Nuevo;Nombre;;${curso.id};`,
      `nueva.${u}@example.com;Nueva;Alumna;600;${otroCurso.titulo.toUpperCase()};${futuro()}`,
    ].join('\n');
    const vista = await send(csv);
    expect(vista.body).toMatchObject({ crear: 1, actualizar: 1, matriculas: 2, totalErrores: 0 });
    expect(vista.body.muestra[0]).toMatchObject({ accion: 'actualizar', usuarioId: previo.body.id, cambios: ['nombre'] });

    const res = await send(csv, 'confirmar');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ filas: 2, creados: 1, actualizados: 1, sinCambios: 0, matriculas: { creadas: 2, extendidas: 0 } });
    const existe = await usuarioPor(`existe.${u}@example.com`);
    expect(existe).toMatchObject({ id: previo.body.id, nombre: 'Nuevo', telefono: '911', email: `Existe.${u}@Example.com` });
    const nueva = await usuarioPor(`nueva.${u}@example.com`);
    const matriculas = await t.db('matriculas').whereIn('usuarioId', [existe.id, nueva.id]).orderBy('usuarioId');
    expect(matriculas.map((m: Obj) => [Number(m.usuarioId), Number(m.cursoId), m.origen, m.estado, m.hasta == null])).toEqual([
      [existe.id, curso.id, 'importacion', 'activa', true],
      [nueva.id, otroCurso.id, 'importacion', 'activa', false],
    ]);
    // «hasta dd/mm/aaaa» includes that day: its last millisecond in Madrid, which reads as that day there.
    const fin = new Date(matriculas[1].hasta);
    expect(new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(fin)).toBe(futuro());
    expect(new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(fin.getTime() + 1))).not.toBe(futuro());

    // Again: nothing new, the matrículas there are extended (for ever stays for ever).
    const otra = await send(csv, 'confirmar');
    expect(otra.body).toMatchObject({ creados: 0, actualizados: 0, sinCambios: 2, matriculas: { creadas: 0, extendidas: 2 } });
    expect(await t.db('matriculas').whereIn('usuarioId', [existe.id, nueva.id]).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
  });

  it('refuses a file with a bad row and writes nothing (422 with each error)', async () => {
    const u = unico();
    const csv = `email,nombre,apellidos\nbueno.${u}@example.com,Bueno,Sí\nmalo.${u}@example.com,${'x'.repeat(81)},No\n`;
    const antes = await count('usuarios');
    const res = await send(csv, 'confirmar');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('IMPORTACION_CON_ERRORES');
    expect(res.body.error.details).toEqual([{ path: '/filas/3', code: 'fila', message: expect.any(String), info: { fila: 3, columna: 'nombre', motivo: expect.any(String) } }]);
    expect(await count('usuarios')).toBe(antes);
  });

  it('a repeated email in the file is an error on its second row', async () => {
    const u = unico();
    const res = await send(`email,nombre,apellidos\nrep.${u}@example.com,A,B\nREP.${u}@example.com,C,D\n`);
    expect(res.body.errores).toEqual([{ fila: 3, columna: 'email', motivo: 'Este email ya aparece en la fila 2' }]);
  });
});

describe('fifty thousand rows', () => {
  const N = 50_000;
  const filas = (u: string, n: number, ultima?: string) => {
    const lineas = ['email;nombre;apellidos;telefono;curso'];
    for (let i = 0; i < n; i++) lineas.push(`alumno${i}.${u}@example.com;Alumno ${i};Apellido${i} Prueba;6${String(i).padStart(8, '0')};${i % 10 === 0 ? curso.id : ''}`);
    if (ultima) lineas[n] = ultima;
    return lineas.join('\r\n');
  };

  // The whole file is judged before anything is written, so its length changes nothing here:
  // a few thousand rows show it as well as fifty thousand, in a fraction of CI's time.
  it('a bad row at the end: nothing written', async () => {
    const u = unico();
    const n = 2_000;
    const antes = { usuarios: await count('usuarios'), matriculas: await count('matriculas'), logs: await count('logs') };
    const res = await send(filas(u, n, `ultimo.${u}@example.com;;Sin nombre;;`), 'confirmar');
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].info).toEqual({ fila: n + 1, columna: 'nombre', motivo: 'Es obligatorio' });
    expect({ usuarios: await count('usuarios'), matriculas: await count('matriculas'), logs: await count('logs') }).toEqual(antes);
  });

  // How long it takes is measured by bench/importacion.ts, not here.
  it('a good one is written whole', async () => {
    const u = unico();
    const antes = await count('usuarios');
    const res = await send(filas(u, N), 'confirmar');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ filas: N, creados: N, matriculas: { creadas: N / 10 } });
    expect(await count('usuarios')).toBe(antes + N);
  }, 180_000);
});
