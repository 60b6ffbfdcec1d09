// Issue 34, points 3–5: the messages of a matrícula and the VeriFactu alert, on both databases.
// A new matrícula welcomes its usuario whatever created it (a person of each role that may, a pago
// completed, the shop's 100 % cupón, a lote, an import), with «hasta el …» in the business's zone
// or «sin fecha de fin»; an extension welcomes no one again. The daily job reminds a matrícula
// ending within 7 days once per end (again after an extension). The hourly alert goes to each
// active administrador with an address when records are refused or waiting, at most once a day.
// Without SMTP_URL the messages wait in the outbox, as they would go: that is what is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon, type Cuenta } from '../support/cuentas.js';
import { registry } from '../../src/resources/index.js';
import { Repository } from '../../src/rest/repository.js';
import { SERVIDOR, type Escritor } from '../../src/base/types.js';
import { queueRecordatorios } from '../../src/resources/matriculas/caducidad.js';
import { queueAvisoVerifactu } from '../../src/verifactu/trabajoAviso.js';

const DIA = 86_400_000;
type Row = Record<string, any>;
let t: TestApp;
let contable: Cuenta;
let repo: Repository;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_URL: 'https://admin.academia.test' }, undefined, undefined, undefined, undefined, undefined, { sondeoMs: 50 });
  contable = await cuentaCon(t, 'contable');
  repo = new Repository(t.db, t.config, registry);
}, 60_000);
afterAll(() => t.destroy());

const comoServidor = <T>(fn: (w: Escritor) => Promise<T>) => repo.transaction(SERVIDOR, fn, { accion: 'prueba' });

async function usuario(datos: Row = {}) {
  const r = await t.call('POST', '/usuarios', { nombre: 'Lucía', apellidos: `Fernández ${++n}`, email: `lucia${n}-${Date.now()}@example.es`, ...datos });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}
async function curso(datos: Row = {}) {
  const r = await t.call('POST', '/cursos', { titulo: `Fotografía nocturna ${++n}`, precio: 5000, ...datos });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}
const correosDe = (matriculaId: number, plantilla = 'bienvenida') => t.db('correos').where({ matriculaId, plantilla }).orderBy('id');
const matriculaDe = async (usuarioId: number, cursoId: number) => (await t.db('matriculas').where({ usuarioId, cursoId, estado: 'activa' }).first()) as Row;

describe('a new matrícula welcomes its usuario, whatever created it', () => {
  it('a person (the contable): to the usuario, naming the curso and the end in the business zone, queued by the same actor', async () => {
    const u = await usuario();
    const c = await curso();
    // 23:30 UTC on the 28th is already the 29th in Madrid.
    const r = await contable.call('POST', '/matriculas', { usuarioId: u.id, cursoId: c.id, hasta: '2027-11-28T23:30:00.000Z' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [correo] = await correosDe(r.body.id);
    expect(correo).toMatchObject({ para: u.email, usuarioId: u.id, matriculaId: r.body.id, estado: 'pendiente', asunto: `Ya tienes acceso a «${c.titulo}»` });
    expect(correo.texto).toContain(`Hola, Lucía ${u.apellidos}:`);
    expect(correo.texto).toContain(`Te damos la bienvenida a «${c.titulo}». Tienes acceso hasta el 29/11/2027.`);
    expect(correo.html).toContain(`<strong>${c.titulo}</strong>`);
    const historial = await readHistorial(t, 'correos', Number(correo.id));
    expect(historial).toEqual([expect.objectContaining({ accion: 'encolar', login: expect.objectContaining({ usuario: contable.usuario }) })]);
  });

  it('a pago completed: «sin fecha de fin» for a curso for ever; a second purchase extends it and welcomes no one again', async () => {
    const u = await usuario();
    const c = await curso();
    const pago = () => contable.call('POST', '/pagos', { usuarioId: u.id, cursoId: c.id, importe: 5000, metodo: 'transferencia', fecha: new Date().toISOString(), estado: 'completado' });
    expect((await pago()).status).toBe(200);
    const m = await matriculaDe(u.id, c.id);
    const [correo] = await correosDe(m.id);
    expect(correo.texto).toContain('Tienes acceso sin fecha de fin.');
    expect((await pago()).status).toBe(200);
    expect(await correosDe(m.id)).toHaveLength(1);
  });

  it("the shop's 100 % cupón (an API token with the tienda role, which may not write correos itself)", async () => {
    const tienda = await tokenCon(t, 'tienda');
    const codigo = `GRATIS${++n}`;
    expect((await contable.call('POST', '/cupones', { codigo, tipo: 'porcentaje', valor: 100 })).status).toBe(200);
    const u = await usuario();
    const c = await curso();
    const r = await tienda.call('POST', '/cupones/canjear', { codigo, usuarioId: u.id, cursoId: c.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await correosDe(r.body.matriculaId)).toEqual([expect.objectContaining({ para: u.email, estado: 'pendiente' })]);
    // The token itself still may not write the outbox.
    expect((await tienda.call('POST', `/correos/${(await correosDe(r.body.matriculaId))[0].id}/descartar`, {})).status).toBe(403);
  });

  it('a lote (the server, in its job): one welcome per matrícula it creates, none for one already there', async () => {
    const c = await curso({ accesoDias: 30 });
    const us = [await usuario(), await usuario(), await usuario()];
    expect((await t.call('POST', '/matriculas', { usuarioId: us[0].id, cursoId: c.id })).status).toBe(200);
    const r = await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c.id, usuarioIds: us.map((u) => u.id) });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await expect.poll(async () => (await t.call('GET', `/lotes/${r.body.id}`)).body.estado, { timeout: 15_000, interval: 50 }).toBe('terminado');
    for (const u of us) {
      const m = await matriculaDe(u.id, c.id);
      expect(await correosDe(m.id), String(u.email)).toEqual([expect.objectContaining({ para: u.email })]);
    }
  });

  it('an import (the contable): the new usuario is welcomed', async () => {
    const c = await curso();
    const email = `importada${++n}@example.es`;
    const csv = `email;nombre;apellidos;curso\n${email};Marta;Importada;${c.titulo}\n`;
    const res = await t.app.inject({ method: 'POST', url: '/usuarios/importar?modo=confirmar&nombre=alumnos.csv', payload: Buffer.from(csv), headers: { 'content-type': 'application/octet-stream', cookie: contable.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const u = (await t.db('usuarios').where({ email }).first()) as Row;
    const m = await matriculaDe(u.id, c.id);
    expect(await correosDe(m.id)).toEqual([expect.objectContaining({ para: email, usuarioId: u.id })]);
  });
});

describe('the reminder a week before the end', () => {
  it('once per matrícula and end, with the date and the days left; again after an extension', async () => {
    const u = await usuario();
    const c = await curso();
    const hasta = new Date(Date.now() + 3 * DIA + 60_000).toISOString();
    const m = (await t.call('POST', '/matriculas', { usuarioId: u.id, cursoId: c.id, hasta })).body as Row;
    const lejana = (await t.call('POST', '/matriculas', { usuarioId: u.id, cursoId: (await curso()).id, hasta: new Date(Date.now() + 30 * DIA).toISOString() })).body as Row;
    expect(await queueRecordatorios(t.db, comoServidor, t.config)).toBeGreaterThanOrEqual(1);
    expect(await queueRecordatorios(t.db, comoServidor, t.config)).toBe(0);
    const [recordatorio, ...otros] = await correosDe(m.id, 'recordatorio');
    expect(otros).toEqual([]);
    const fin = new Intl.DateTimeFormat('es-ES', { timeZone: t.config.timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(hasta));
    expect(recordatorio).toMatchObject({ para: u.email, usuarioId: u.id, asunto: `Tu acceso a «${c.titulo}» termina el ${fin}` });
    expect(recordatorio.texto).toContain(`termina el ${fin} (dentro de 3 días)`);
    expect(await correosDe(lejana.id, 'recordatorio')).toEqual([]);
    // Extended by a month: when the new end is a week away, a new reminder.
    const nuevo = new Date(Date.parse(hasta) + 30 * DIA).toISOString();
    expect((await t.call('PATCH', `/matriculas/${m.id}`, { hasta: nuevo })).status).toBe(204);
    const dentroDe = new Date(Date.now() + 28 * DIA);
    await queueRecordatorios(t.db, comoServidor, t.config, dentroDe);
    const segundos = await correosDe(m.id, 'recordatorio');
    expect(segundos).toHaveLength(2);
    // As if it had been queued on that day: the next day's run finds it.
    await t.db('correos').where('id', segundos[1].id).update({ createdAt: dentroDe.toISOString() });
    await queueRecordatorios(t.db, comoServidor, t.config, new Date(dentroDe.getTime() + DIA));
    expect(await correosDe(m.id, 'recordatorio')).toHaveLength(2);
  });
});

describe('the VeriFactu alert to the administradores', () => {
  it('to each active administrador with an address, when records wait over an hour or are refused; at most once a day', async () => {
    const ahora = new Date().toISOString();
    const cuenta = (usuario: string, datos: Row) => t.db('logins').insert({ usuario, pass: 'x', nombre: usuario, createdAt: ahora, updatedAt: ahora, ...datos });
    await cuenta('jefa', { rol: 'administrador', activo: true, email: 'jefa@academia.test' });
    await cuenta('baja', { rol: 'administrador', activo: false, email: 'baja@academia.test' });
    await cuenta('cuentas', { rol: 'contable', activo: true, email: 'cuentas@academia.test' });
    // Nothing waits, nothing refused: no alert.
    expect(await queueAvisoVerifactu(t.db, comoServidor, t.config)).toBe(0);
    // An issued invoice leaves its record pending: past an hour, the alert.
    const u = await usuario({ nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid' });
    const b = await t.call('POST', '/facturas', { usuarioId: u.id, concepto: 'Curso', base: 10000, tipoIva: 21 });
    expect((await t.call('POST', `/facturas/${b.body.id}/emitir`, {})).status).toBe(200);
    expect(await queueAvisoVerifactu(t.db, comoServidor, t.config)).toBe(0);
    const dentroDeDosHoras = new Date(Date.now() + 2 * 3_600_000);
    expect(await queueAvisoVerifactu(t.db, comoServidor, t.config, dentroDeDosHoras)).toBe(1);
    const avisos = (await t.db('correos').where('plantilla', 'avisoVerifactu')) as Row[];
    expect(avisos).toEqual([expect.objectContaining({ para: 'jefa@academia.test', estado: 'pendiente' })]);
    expect(avisos[0].texto).toMatch(/hay 0 registros de facturación rechazados por la AEAT y [1-9]\d* que esperan envío/);
    expect(avisos[0].texto).toContain('https://admin.academia.test/verifactu');
    // An hour later, still waiting: not again the same day.
    expect(await queueAvisoVerifactu(t.db, comoServidor, t.config, new Date(dentroDeDosHoras.getTime() + 3_600_000))).toBe(0);
  });
});
