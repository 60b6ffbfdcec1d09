// Bank statements (issue: «Bank transfers: Norma 43»): the contable imports a Norma 43 file, Aula
// proposes the pending transferencia each credit pays, the contable confirms, and the pagos are
// completed (and invoiced) in one transaction. The same file twice, or an overlapping one, changes
// nothing already applied; a malformed one is refused with its line. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon, type Cuenta } from '../support/cuentas.js';
import { archivoDe, buildNorma43, lineasDe, type MovimientoPrueba } from '../support/norma43.js';

let t: TestApp;
let contable: Cuenta;

beforeAll(async () => {
  t = await createTestApp();
  contable = await cuentaCon(t, 'contable');
});
afterAll(() => t.destroy());

type Obj = Record<string, any>;

async function upload(archivo: Buffer, { cuenta = contable as { cookie: string } | null, nombre = 'extracto.n43', tipo = 'application/octet-stream', headers = {} as Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/extractos/importar?nombre=${encodeURIComponent(nombre)}`,
    payload: archivo,
    headers: { 'content-type': tipo, ...(cuenta ? { cookie: cuenta.cookie } : {}), ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

const confirm = (id: number, movimientos: { id: number; pagoId: number }[]) => contable.call('POST', `/extractos/${id}/confirmar`, { movimientos });

async function usuario(nombre: string, apellidos: string): Promise<number> {
  const res = await t.call('POST', '/usuarios', { nombre, apellidos, email: `persona.${Math.random().toString(36).slice(2, 9)}@example.com` });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  expect(res.status).toBe(200);
  return res.body.id;
}

async function pago(usuarioId: number, importe: number, extra: Obj = {}): Promise<Obj> {
  const res = await t.call('POST', '/pagos', { usuarioId, importe, metodo: 'transferencia', fecha: '2025-10-20T10:00:00.000Z', ...extra });
  expect(res.status).toBe(200);
  return res.body;
}

const cuentaNoviembre = (movimientos: MovimientoPrueba[], desde = '251101', hasta = '251130', saldoInicial = 500000) => ({ desde, hasta, saldoInicial, movimientos });
const count = async (tabla: string) => Number((await t.db(tabla).count({ n: '*' }).first())!.n);
const movimientoDe = (body: Obj, linea: number) => body.movimientos.find((m: Obj) => m.linea === linea);

describe('importing, reviewing and confirming a statement', () => {
  let pagoRef: Obj;
  let pagoNombre: Obj;
  let pagoManual: Obj;
  let pagoA: Obj;
  let pagoB: Obj;
  let extracto: Obj;
  let archivo: Buffer;

  it('proposes, for each credit, the pago its reference or its amount and payer name point at', async () => {
    const jose = await usuario('José', 'Muñoz Peña');
    const lucia = await usuario('Lucía', 'Gómez Ruiz');
    const marta = await usuario('Marta', 'Sanz');
    const ana1 = await usuario('Ana', 'Vidal');
    const ana2 = await usuario('Ana', 'Vidal');
    pagoRef = await pago(jose, 4900, { referencia: 'AULA-7731' });
    pagoNombre = await pago(lucia, 12000);
    pagoManual = await pago(marta, 3000);
    pagoA = await pago(ana1, 2500);
    pagoB = await pago(ana2, 2500);
    // Same amount as pagoNombre, but by card: never proposed.
    await pago(lucia, 12000, { metodo: 'tarjeta' });

    archivo = buildNorma43(
      cuentaNoviembre([
        { fechaOperacion: '251103', fechaValor: '251104', importe: 4900, referencia2: 'TRF1', conceptos: ['TRANSFERENCIA DE MUÑOZ PEÑA JOSE', 'CONCEPTO aula 7731'] },
        { fechaOperacion: '251105', importe: -1250, conceptoComun: '17', conceptos: ['COMISION MANTENIMIENTO'] },
        { fechaOperacion: '251107', importe: 12000, conceptos: ['TRANSF. DE GOMEZ RUIZ LUCIA', 'CURSO DE FOTOGRAFIA'] },
        { fechaOperacion: '251108', importe: 3000, conceptos: ['INGRESO EN EFECTIVO'], divisa: { codigo: '978', importe: 3000 } },
        { fechaOperacion: '251109', importe: 2500, conceptos: ['TRANSFERENCIA DE ANA VIDAL'] },
      ]),
    );
    const res = await upload(archivo, { nombre: 'noviembre.n43' });
    expect(res.status).toBe(201);
    expect(res.body.duplicado).toBe(false);
    extracto = res.body.extracto;
    expect(extracto).toMatchObject({ entidad: '2100', oficina: '0418', cuenta: '0200051332', desde: '2025-11-01', hasta: '2025-11-30', saldoInicial: 500000, saldoFinal: 500000 - 1250 + 4900 + 12000 + 3000 + 2500, moneda: 'EUR', nombreArchivo: 'noviembre.n43', estado: 'propuesto', movimientos: 5, loginId: contable.id });
    expect(extracto.huella).toMatch(/^[0-9a-f]{64}$/);

    expect(movimientoDe(res.body, 2)).toMatchObject({ importe: 4900, fechaOperacion: '2025-11-03', fechaValor: '2025-11-04', estado: 'propuesto', pagoPropuestoId: pagoRef.id, motivo: 'La referencia AULA-7731 aparece en el concepto', conceptos: 'TRANSFERENCIA DE MUÑOZ PEÑA JOSE · CONCEPTO aula 7731', referencia2: 'TRF1' });
    expect(movimientoDe(res.body, 2).pagoPropuesto).toEqual({ id: pagoRef.id, nombre: 'AULA-7731', importe: 4900, moneda: 'EUR', estado: 'pendiente', usuario: 'José Muñoz Peña' });
    expect(movimientoDe(res.body, 4)).toMatchObject({ importe: -1250, estado: 'cargo', pagoPropuestoId: null, motivo: 'Cargo: no salda ningún pago' });
    expect(movimientoDe(res.body, 6)).toMatchObject({ importe: 12000, estado: 'propuesto', pagoPropuestoId: pagoNombre.id, motivo: 'Mismo importe y nombre del ordenante' });
    expect(movimientoDe(res.body, 8)).toMatchObject({ importe: 3000, estado: 'sinPareja', pagoPropuestoId: null });
    expect(movimientoDe(res.body, 8).motivo).toMatch(/^Ningún pago pendiente por transferencia/);
    expect(movimientoDe(res.body, 11)).toMatchObject({ importe: 2500, estado: 'sinPareja', pagoPropuestoId: null, motivo: `Varios pagos pendientes por transferencia encajan (#${pagoA.id}, #${pagoB.id}): elige el bueno` });
    // Nothing is applied until the contable confirms.
    expect((await t.call('GET', `/pagos/${pagoRef.id}`)).body.estado).toBe('pendiente');
    // The list and the movements read through the REST routes too.
    const lista = await contable.call('GET', `/movimientos?filter=${encodeURIComponent(JSON.stringify({ where: { extractoId: extracto.id }, order: ['linea ASC'] }))}`);
    expect(lista.body.map((m: Obj) => m.estado)).toEqual(['propuesto', 'cargo', 'propuesto', 'sinPareja', 'sinPareja']);
  });

  it('the same file twice answers the same extracto and writes nothing', async () => {
    const antes = { extractos: await count('extractos'), movimientos: await count('movimientos'), logs: await count('logs') };
    const otra = await upload(archivo, { nombre: 'otra-vez.n43' });
    expect(otra.status).toBe(200);
    expect(otra.body.duplicado).toBe(true);
    expect(otra.body.extracto.id).toBe(extracto.id);
    expect(otra.body.extracto.nombreArchivo).toBe('noviembre.n43');
    expect(otra.body.movimientos).toHaveLength(5);
    expect({ extractos: await count('extractos'), movimientos: await count('movimientos'), logs: await count('logs') }).toEqual(antes);
  });

  it('a pago that no longer fits refuses the whole confirmation, nothing applied', async () => {
    const movs = (await upload(archivo)).body.movimientos as Obj[];
    const [ref, , nombre, manual, ana] = movs;
    // A pago of another amount: refused, with the line and why; the good one beside it not applied.
    const mal = await confirm(extracto.id, [
      { id: ref.id, pagoId: pagoRef.id },
      { id: ana.id, pagoId: pagoManual.id },
    ]);
    expect(mal.status).toBe(409);
    expect(mal.body.error.message).toBe(`Línea 11: el pago #${pagoManual.id} es de 30,00 € y el movimiento de 25,00 €`);
    expect(mal.body.error.details).toEqual([{ path: '/movimientos/1/pagoId', code: 'conciliacion', message: `Línea 11: el pago #${pagoManual.id} es de 30,00 € y el movimiento de 25,00 €` }]);
    expect((await t.call('GET', `/pagos/${pagoRef.id}`)).body.estado).toBe('pendiente');
    // A cargo pays nothing; a pago named twice, or a movement of another statement, is a 422.
    const cargo = await confirm(extracto.id, [{ id: movs[1].id, pagoId: pagoManual.id }]);
    expect(cargo.status).toBe(422);
    expect(cargo.body.error.details[0].message).toBe('El movimiento de la línea 4 es un cargo: no salda ningún pago');
    const dos = await confirm(extracto.id, [
      { id: nombre.id, pagoId: pagoManual.id },
      { id: manual.id, pagoId: pagoManual.id },
    ]);
    expect(dos.status).toBe(422);
    expect(dos.body.error.details[0].message).toBe(`El pago #${pagoManual.id} no puede saldar dos movimientos`);
    expect((await t.db('movimientos').where({ extractoId: extracto.id, estado: 'aplicado' })).length).toBe(0);
  });

  it('confirming completes each chosen pago, dated by its movement, from the statement, invoiced', async () => {
    const movs = (await upload(archivo)).body.movimientos as Obj[];
    const [ref, , nombre, manual, ana] = movs;
    // The contable accepts two proposals, picks the pago for the unmatched cash-in, and one of the two Anas.
    const res = await confirm(extracto.id, [
      { id: ref.id, pagoId: pagoRef.id },
      { id: nombre.id, pagoId: pagoNombre.id },
      { id: manual.id, pagoId: pagoManual.id },
      { id: ana.id, pagoId: pagoB.id },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.extracto).toMatchObject({ id: extracto.id, estado: 'confirmado' });
    expect(res.body.extracto.confirmadoEn).toBeTruthy();
    expect(res.body.aplicados.map((a: Obj) => [a.linea, a.pagoId])).toEqual([
      [2, pagoRef.id],
      [6, pagoNombre.id],
      [8, pagoManual.id],
      [11, pagoB.id],
    ]);
    expect(res.body.saltados).toEqual([]);

    const completado = (await t.call('GET', `/pagos/${pagoRef.id}`)).body;
    // Dated by the value date (4 Nov), at the start of that day in Madrid.
    expect(completado).toMatchObject({ estado: 'completado', pasarela: 'extracto', fecha: '2025-11-03T23:00:00.000Z' });
    expect(completado.facturaId).toBeTruthy();
    const factura = (await t.call('GET', `/facturas/${completado.facturaId}`)).body;
    expect(factura).toMatchObject({ estado: 'pagada', usuarioId: pagoRef.usuarioId, fechaOperacion: '2025-11-03T23:00:00.000Z' });
    for (const p of [pagoNombre, pagoManual, pagoB]) expect((await t.call('GET', `/pagos/${p.id}`)).body).toMatchObject({ estado: 'completado', pasarela: 'extracto' });
    expect((await t.call('GET', `/pagos/${pagoA.id}`)).body.estado).toBe('pendiente');

    const aplicado = (await t.call('GET', `/movimientos/${ref.id}`)).body;
    expect(aplicado).toMatchObject({ estado: 'aplicado', pagoId: pagoRef.id, motivo: 'Aplicado al pago AULA-7731, que queda facturado' });
    // The pago's history says who and how: the contable, by the extracto's action.
    const historial = await readHistorial(t, 'pagos', pagoRef.id);
    expect(historial[0]).toMatchObject({ accion: 'confirmar', login: { id: contable.id } });
  });

  it('confirming twice changes nothing', async () => {
    const movs = (await upload(archivo)).body.movimientos as Obj[];
    const antes = { facturas: await count('facturas'), aplicados: await t.db('movimientos').where({ estado: 'aplicado' }).orderBy('id').select('id', 'version', 'pagoId') };
    const version = (await t.call('GET', `/pagos/${pagoRef.id}`)).body.version;
    const logs = await count('logs');
    const res = await confirm(extracto.id, [{ id: movs[0].id, pagoId: pagoRef.id }]);
    expect(res.status).toBe(200);
    expect(res.body.aplicados).toEqual([]);
    expect(res.body.saltados).toEqual([{ id: movs[0].id, linea: 2, motivo: 'Línea 2: Aplicado al pago AULA-7731, que queda facturado' }]);
    expect({ facturas: await count('facturas'), aplicados: await t.db('movimientos').where({ estado: 'aplicado' }).orderBy('id').select('id', 'version', 'pagoId') }).toEqual(antes);
    expect((await t.call('GET', `/pagos/${pagoRef.id}`)).body.version).toBe(version);
    // Only the action's own line in the activity log (every action leaves one): no record changed.
    expect(await count('logs')).toBe(logs + 1);
  });

  it('an overlapping statement: what was applied is «ya aplicado», what is new is proposed', async () => {
    const marta = pagoManual.usuarioId;
    const nuevo = await pago(marta, 7700, { referencia: 'AULA-9001' });
    // From 7 to 15 November: two movements the first file had (one applied), and a new one.
    const solapado = buildNorma43(
      cuentaNoviembre(
        [
          { fechaOperacion: '251107', importe: 12000, conceptos: ['TRANSF. DE GOMEZ RUIZ LUCIA', 'CURSO DE FOTOGRAFIA'] },
          { fechaOperacion: '251108', importe: 3000, conceptos: ['INGRESO EN EFECTIVO'], divisa: { codigo: '978', importe: 3000 } },
          { fechaOperacion: '251112', importe: 7700, conceptos: ['TRANSFERENCIA AULA 9001'] },
        ],
        '251107',
        '251115',
        600000,
      ),
    );
    const res = await upload(solapado, { nombre: 'del-7-al-15.n43' });
    expect(res.status).toBe(201);
    expect(res.body.extracto.id).not.toBe(extracto.id);
    expect(res.body.movimientos.map((m: Obj) => [m.estado, m.pagoPropuestoId])).toEqual([
      ['yaAplicado', null],
      ['yaAplicado', null],
      ['propuesto', nuevo.id],
    ]);
    expect(res.body.movimientos[0].motivo).toBe(`Este movimiento ya se aplicó con el extracto #${extracto.id}`);
    // Confirming one already applied skips it; the new one is applied.
    const [viejo, , nueva] = res.body.movimientos;
    const conf = await confirm(res.body.extracto.id, [
      { id: viejo.id, pagoId: pagoNombre.id },
      { id: nueva.id, pagoId: nuevo.id },
    ]);
    expect(conf.status).toBe(200);
    expect(conf.body.aplicados.map((a: Obj) => a.pagoId)).toEqual([nuevo.id]);
    expect(conf.body.saltados).toEqual([{ id: viejo.id, linea: 2, motivo: `Línea 2: Este movimiento ya se aplicó con el extracto #${extracto.id}` }]);
    expect((await t.call('GET', `/pagos/${nuevo.id}`)).body).toMatchObject({ estado: 'completado', pasarela: 'extracto' });
  });
});

describe('refusals', () => {
  const bueno = () => buildNorma43(cuentaNoviembre([{ fechaOperacion: '251120', importe: 999, conceptos: ['NADA QUE VER'] }], '251120', '251121'));

  it('a malformed file is a 422 with the line and the reason, and writes nothing', async () => {
    const antes = { extractos: await count('extractos'), movimientos: await count('movimientos'), logs: await count('logs') };
    const lineas = lineasDe(bueno());
    // The 33's credit total says 9,98 € where the movement is 9,99 €.
    const roto = archivoDe(lineas.map((l) => (l.startsWith('33') ? `${l.slice(0, 44)}00000000000998${l.slice(58)}` : l)));
    const res = await upload(roto);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ statusCode: 422, name: 'UnprocessableEntityError', code: 'VALIDATION_FAILED' });
    expect(res.body.error.message).toBe('El archivo no es un extracto Norma 43 válido: no se ha guardado nada. Línea 4: el final de cuenta dice 1 apuntes al haber por 9,98 € y el archivo trae 1 por 9,99 €');
    expect(res.body.error.details).toEqual([
      { path: '/archivo', code: 'norma43', message: 'Línea 4: el final de cuenta dice 1 apuntes al haber por 9,98 € y el archivo trae 1 por 9,99 €', info: { linea: 4, motivo: 'el final de cuenta dice 1 apuntes al haber por 9,98 € y el archivo trae 1 por 9,99 €' } },
    ]);
    const fecha = await upload(archivoDe(lineas.map((l) => (l.startsWith('22') ? `${l.slice(0, 10)}251131${l.slice(16)}` : l))));
    expect(fecha.status).toBe(422);
    expect(fecha.body.error.details[0].info).toEqual({ linea: 2, motivo: 'La fecha de operación «251131» no es una fecha AAMMDD posible' });
    expect({ extractos: await count('extractos'), movimientos: await count('movimientos'), logs: await count('logs') }).toEqual(antes);
  });

  it('a file with two accounts is refused at the second one', async () => {
    const dos = buildNorma43(cuentaNoviembre([]), { ...cuentaNoviembre([]), cuenta: '0200099999' });
    const res = await upload(dos);
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].info.linea).toBe(3);
  });

  it('only application/octet-stream, with a body', async () => {
    expect((await upload(bueno(), { tipo: 'text/plain' })).status).toBe(415);
    expect((await upload(Buffer.alloc(0))).status).toBe(400);
  });

  it('the contable and the administrador import; the editor and the shop cannot; nobody creates one by hand', async () => {
    const editor = await cuentaCon(t, 'editor');
    expect((await upload(bueno(), { cuenta: editor })).status).toBe(403);
    expect((await editor.call('GET', '/extractos')).status).toBe(403);
    expect((await editor.call('GET', '/movimientos')).status).toBe(403);
    const tienda = await tokenCon(t, 'tienda');
    expect((await upload(bueno(), { cuenta: null, headers: { authorization: `Bearer ${tienda.token}` } })).status).toBe(403);
    expect((await upload(bueno(), { cuenta: null })).status).toBe(401);
    expect((await upload(bueno(), { cuenta: { cookie: t.cookie } })).status).toBe(201);
    const aMano = await contable.call('POST', '/extractos', { cuenta: '1' });
    expect(aMano.status).toBe(403);
    expect(aMano.body.error.message).toBe('Un extracto se crea importando su archivo Norma 43 (POST /extractos/importar), no con un alta a mano');
    const extracto = (await contable.call('GET', '/extractos')).body[0];
    expect((await contable.call('DELETE', `/extractos/${extracto.id}`)).status).toBe(403);
  });
});

describe('a pago that cannot be invoiced yet', () => {
  it('is completed all the same, and the movement says why it has no invoice', async () => {
    const u = await usuario('Sergio', 'Blanco');
    const caro = await pago(u, 60000, { referencia: 'AULA-CARO-1' });
    const res = await upload(buildNorma43(cuentaNoviembre([{ fechaOperacion: '251125', importe: 60000, conceptos: ['AULA CARO 1'] }], '251125', '251125')));
    expect(res.status).toBe(201);
    const [mov] = res.body.movimientos;
    expect(mov.pagoPropuestoId).toBe(caro.id);
    const facturas = await count('facturas');
    const conf = await confirm(res.body.extracto.id, [{ id: mov.id, pagoId: caro.id }]);
    expect(conf.status).toBe(200);
    expect(conf.body.aplicados[0]).toMatchObject({ pagoId: caro.id, facturaId: null });
    expect(conf.body.aplicados[0].sinFactura).toMatch(/factura simplificada de hasta 400,00/);
    expect((await t.call('GET', `/pagos/${caro.id}`)).body).toMatchObject({ estado: 'completado', pasarela: 'extracto', facturaId: null });
    expect((await t.call('GET', `/movimientos/${mov.id}`)).body.motivo).toMatch(/^Aplicado al pago AULA-CARO-1; no se ha podido facturar: Sin NIF del cliente/);
    expect(await count('facturas')).toBe(facturas);
  });
});

describe('with FACTURAR_AL_COBRAR=false', () => {
  it('the pago is completed and not invoiced', async () => {
    const otra = await createTestApp({ FACTURAR_AL_COBRAR: 'false' });
    try {
      const u = await otra.call('POST', '/usuarios', { nombre: 'Pablo', apellidos: 'Ortiz', email: 'pablo.ortiz@example.com' });
      const p = await otra.call('POST', '/pagos', { usuarioId: u.body.id, importe: 1500, metodo: 'transferencia', referencia: 'AULA-55', fecha: '2025-10-01T10:00:00.000Z' });
      const res = await otra.app.inject({
        method: 'POST',
        url: '/extractos/importar',
        payload: buildNorma43(cuentaNoviembre([{ fechaOperacion: '251102', importe: 1500, conceptos: ['AULA-55'] }])),
        headers: { 'content-type': 'application/octet-stream', cookie: otra.cookie },
      });
      expect(res.statusCode).toBe(201);
      const [mov] = res.json().movimientos;
      expect(mov.pagoPropuestoId).toBe(p.body.id);
      const conf = await otra.call('POST', `/extractos/${res.json().extracto.id}/confirmar`, { movimientos: [{ id: mov.id, pagoId: p.body.id }] });
      expect(conf.status).toBe(200);
      expect((await otra.call('GET', `/pagos/${p.body.id}`)).body).toMatchObject({ estado: 'completado', pasarela: 'extracto', facturaId: null });
    } finally {
      await otra.destroy();
    }
  });
});
