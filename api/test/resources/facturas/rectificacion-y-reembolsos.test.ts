// Issue 20, items 2 and 3, over HTTP on the dialect under test: an issued invoice's customer
// corrected by a rectificativa por sustitución (the invoice in force from then on, for its pagos,
// its PDF and the reports), a pago whose invoice was cancelled to zero invoiced again, and refunds
// as they happen: an action with an amount and a reason, partial ones adding up to the whole,
// never more than what is left, each with its rectificativa, and a PATCH refused on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diaEn } from '../../../src/base/tiempo.js';
import { mensajes } from '../../../src/mensajes.js';
import { importeEs } from '../../../src/resources/facturas/formato.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { facturado as facturadoPor, pagoCompletado, textoPdf as textoPdfDe } from '../../support/facturacion.js';

let t: TestApp;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids: Record<string, number> = {};
type Row = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  const usuario = async (u: Row) => (await t.call('POST', '/usuarios', u)).body.id as number;
  ids.ana = await usuario({ nombre: 'Ana', apellidos: 'García López', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid' });
  ids.bea = await usuario({ nombre: 'Bea', apellidos: 'Ruiz', email: 'bea@example.es' });
  ids.curso = (await t.call('POST', '/cursos', { titulo: 'Guitarra española', precio: 4900 })).body.id;
});
afterAll(async () => {
  await t?.destroy();
});

const get = async (url: string) => (await t.call('GET', url)).body;
const pago = (extra: Row = {}) => pagoCompletado(t, { usuarioId: ids.ana, cursoId: ids.curso, ...extra });
const facturado = (extra: Row = {}) => facturadoPor(t, { usuarioId: ids.ana, cursoId: ids.curso, ...extra });
const rectificar = (id: number, body: Row) => t.call('POST', `/facturas/${id}/rectificar`, body);
const reembolsar = (id: number, body: Row) => t.call('POST', `/pagos/${id}/reembolsar`, body);
const numero = (f: Row) => `${f.serie}-${f.numero}`;
const numerosR = async () => (await get(`/facturas?filter=${q({ where: { serie: 'R', numero: { neq: null } }, fields: ['numero'] })}`)).length;
const corregido = { clienteNombre: 'Ana García López', clienteNif: '12345678Z', clienteDireccion: 'Calle del Prado 20, 2.º A, 28014 Madrid' };
const sustituir = (id: number, extra: Row = {}) => rectificar(id, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección mal escrita', ...corregido, ...extra });

const textoPdf = (id: number) => textoPdfDe(t, id);

describe('correcting the customer: a rectificativa por sustitución', () => {
  it('issues the whole invoice again with the corrected customer, the same amounts, naming what it replaces; the pago follows it', async () => {
    const { pago: p, factura } = await facturado();
    const res = await sustituir(factura.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({
      serie: 'R',
      tipo: 'R1',
      tipoRectificativa: 'S',
      rectificaId: factura.id,
      ...corregido,
      concepto: factura.concepto,
      base: factura.base,
      tipoIva: factura.tipoIva,
      cuotaIva: factura.cuotaIva,
      total: factura.total,
      baseRectificada: factura.base,
      cuotaRectificada: factura.cuotaIva,
      motivoRectificacion: 'Dirección mal escrita',
      // The invoice in force is as settled as the one it replaces.
      estado: 'pagada',
    });
    expect(s.numero).toBeGreaterThan(0);
    expect((await get(`/pagos/${p.id}`)).facturaId).toBe(s.id);
    // The original is left as issued, naming its rectificativa and the substitute that replaced it.
    const original = await get(`/facturas/${factura.id}`);
    expect(original).toEqual({ ...factura, rectificadaPorId: s.id, sustituidaPorId: s.id, version: factura.version + 1, updatedAt: original.updatedAt });
    expect(original.updatedAt > factura.updatedAt).toBe(true);
    // Its VeriFactu record is a whole invoice's, on the same chain.
    const [registro] = await get(`/registros?filter=${q({ where: { facturaId: s.id } })}`);
    expect(registro).toMatchObject({ tipo: 'alta', numSerieFactura: numero(s), tipoFactura: 'R1', importeTotal: '49.00', cuotaTotal: '8.50' });
    expect((await get('/registros/verificar')).ok).toBe(true);
  });

  it('prints the corrected customer on the substitute, with the invoice it replaces and its amounts', async () => {
    const { factura } = await facturado();
    const s = (await sustituir(factura.id, { clienteNombre: 'Ana María García López' })).body;
    const texto = await textoPdf(s.id);
    const faltan = [
      'Factura rectificativa',
      `Número: ${numero(s)}`,
      'Ana María García López',
      'NIF: 12345678Z',
      'Calle del Prado 20, 2.º A, 28014 Madrid',
      'Factura rectificada',
      `Número: ${numero(factura)}`,
      'Motivo: Dirección mal escrita',
      'Importes de la factura sustituida: base imponible 40,50 €, cuota de IVA 8,50 €',
      `esta factura sustituye a la ${numero(factura)}`,
      '49,00 €',
    ].filter((e) => !texto.includes(e));
    expect(faltan).toEqual([]);
    expect(texto).not.toContain('Calle Mayor 1');
    expect(texto).not.toContain('Rectificación por diferencias');
  });

  it('is checked as an emission: a complete invoice keeps the name, a valid NIF and the address; a refusal leaves no gap', async () => {
    const { factura } = await facturado();
    const antes = await numerosR();
    for (const [cuerpo, path, code] of [
      [{ clienteNif: '' }, '/clienteNif', 'required'],
      [{ clienteNif: '12345678A' }, '/clienteNif', 'nif'],
      [{ clienteDireccion: '  ' }, '/clienteDireccion', 'required'],
      [{ clienteNombre: null }, '/clienteNombre', 'required'],
      [{ base: -100 }, '/base', 'minimum'],
    ] as const) {
      const res = await sustituir(factura.id, cuerpo);
      expect(res.status, JSON.stringify(cuerpo)).toBe(422);
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path, code }));
    }
    // The same customer and amounts would change nothing.
    const igual = await rectificar(factura.id, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Nada' });
    expect(igual.status).toBe(422);
    expect(igual.body.error.details[0].message).toBe(mensajes.facturacion.sustitucionSinCambios(numero(factura)));
    expect(await numerosR()).toBe(antes);
    // A NIF is written as the law reads it.
    expect((await sustituir(factura.id, { clienteNif: '12.345.678-z' })).body.clienteNif).toBe('12345678Z');
  });

  it('a NIF added to a simplified invoice makes it complete (R1–R4, not R5), and then it needs the name and address too', async () => {
    const { factura } = await facturado({ usuarioId: ids.bea });
    expect(factura).toMatchObject({ tipo: 'F2', clienteNif: null, clienteDireccion: null });
    const sinDireccion = await sustituir(factura.id, { clienteNombre: 'Bea Ruiz', clienteDireccion: null });
    expect(sinDireccion.status).toBe(422);
    expect(sinDireccion.body.error.details.map((d: Row) => d.path)).toEqual(['/clienteDireccion']);
    const completa = await sustituir(factura.id, { clienteNombre: 'Bea Ruiz', clienteNif: '87654321X', clienteDireccion: 'Calle Luna 3, 41001 Sevilla' });
    expect(completa.status, JSON.stringify(completa.body)).toBe(200);
    expect(completa.body).toMatchObject({ tipo: 'R1', clienteNif: '87654321X', total: 4900 });
  });

  it('a simplified invoice corrected without a NIF stays simplified (R5), within its 400 € limit', async () => {
    const { factura } = await facturado({ usuarioId: ids.bea });
    const r5 = await rectificar(factura.id, { tipoRectificativa: 'S', motivo: 'R4', descripcion: 'Nombre', clienteNombre: 'Beatriz Ruiz' });
    expect(r5.body).toMatchObject({ tipo: 'R5', tipoRectificativa: 'S', clienteNombre: 'Beatriz Ruiz', clienteNif: null, total: 4900 });
    const { factura: otra } = await facturado({ usuarioId: ids.bea });
    const caro = await rectificar(otra.id, { tipoRectificativa: 'S', motivo: 'R4', descripcion: 'Precio', base: 40000, tipoIva: 21 });
    expect(caro.status).toBe(422);
    expect(caro.body.error.details[0]).toMatchObject({ path: '/clienteNif', code: 'simplificada' });
  });

  it('may correct the amounts as well: the substitute carries the corrected ones', async () => {
    const { factura } = await facturado();
    const res = await sustituir(factura.id, { base: 3000, tipoIva: 10, concepto: 'Guitarra española (tarifa reducida)' });
    expect(res.body).toMatchObject({ base: 3000, tipoIva: 10, cuotaIva: 300, total: 3300, concepto: 'Guitarra española (tarifa reducida)', baseRectificada: 4050, cuotaRectificada: 850 });
  });

  it('a replaced invoice is no longer in force: rectifying it again is 409 naming its substitute', async () => {
    const { factura } = await facturado();
    const s = (await sustituir(factura.id)).body;
    for (const cuerpo of [{ motivo: 'R4', descripcion: 'Otra' }, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Otra', clienteNombre: 'Otra' }]) {
      const res = await rectificar(factura.id, cuerpo);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(mensajes.facturacion.yaSustituida(numero(factura), numero(s)));
    }
    // The substitute itself may be corrected again.
    expect((await sustituir(s.id, { clienteNombre: 'Ana G. López' })).status).toBe(200);
  });

  it('the customer is corrected only by substitution, and a rectificativa por diferencias is not substituted', async () => {
    const { factura } = await facturado();
    const res = await rectificar(factura.id, { motivo: 'R4', descripcion: 'x', clienteDireccion: 'Calle Nueva 1' });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/clienteDireccion', message: mensajes.facturacion.clienteSoloPorSustitucion })]);
    const diferencias = (await rectificar(factura.id, { motivo: 'R4', descripcion: 'Descuento', base: -500 })).body;
    expect(diferencias.tipoRectificativa).toBe('I');
    const sobreDiferencias = await sustituir(diferencias.id);
    expect(sobreDiferencias.status).toBe(409);
    expect(sobreDiferencias.body.error.message).toBe(mensajes.facturacion.diferenciasNoSustituibles(numero(diferencias)));
  });

  it('a refund after the correction rectifies the substitute, and earlier refunds still count against it', async () => {
    const { pago: p, factura } = await facturado();
    const primero = (await reembolsar(p.id, { importe: 1000, motivo: 'Dos clases sin ver' })).body;
    const s = (await sustituir(factura.id)).body;
    const resto = (await reembolsar(p.id, { motivo: 'Baja' })).body;
    expect(resto.importe).toBe(3900);
    const [r1, r2] = await Promise.all([get(`/facturas/${primero.facturaId}`), get(`/facturas/${resto.facturaId}`)]);
    expect(r1.rectificaId).toBe(factura.id);
    expect(r2.rectificaId).toBe(s.id);
    // The substitute and every rectificativa of the chain add up to nothing, base and cuota alike.
    expect([s.base + r1.base + r2.base, s.cuotaIva + r1.cuotaIva + r2.cuotaIva, s.total + r1.total + r2.total]).toEqual([0, 0, 0]);
    expect((await get(`/pagos/${p.id}`)).facturaId).toBe(s.id);
  });

  it('describes the new registry fields in OpenAPI as read-only, and refuses them in a body', async () => {
    const doc = await get('/openapi.json');
    const factura = doc.components.schemas.Factura.properties;
    for (const campo of ['tipoRectificativa', 'baseRectificada', 'cuotaRectificada', 'rectificadaPorId']) expect(factura[campo]?.readOnly, campo).toBe(true);
    expect(factura.tipoRectificativa.enum).toEqual(expect.arrayContaining(['I', 'S']));
    expect(doc.components.schemas.Pago.properties.importeReembolsado.readOnly).toBe(true);
    expect(doc.paths['/pagos/{id}/reembolsar'].post.operationId).toBe('Pago.reembolsar');
    expect(doc.paths['/pagos/{id}/reembolsos'].get).toBeDefined();
    const res = await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'x', base: 1, tipoIva: 21, tipoRectificativa: 'S', baseRectificada: 1 });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: Row) => d.path).sort()).toEqual(['/baseRectificada', '/tipoRectificativa']);
  });
});

describe('every invoice written as POST /facturas writes one', () => {
  // The activity rows that name an invoice as created: exactly one for each.
  const altas = async (id: number) => get(`/logs?filter=${q({ where: { recurso: 'facturas', recursoId: id, tipo: 'CREATE' } })}`) as Promise<Row[]>;
  const forma = ({ tipo, recurso, datos, loginId, ip }: Row) => ({ tipo, recurso, datos, loginId, ip });

  it('facturar, rectificar (I and S) and reembolsar leave the CREATE row of the new invoice, shaped as the one POST leaves, naming the action', async () => {
    const borrador = (await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'Borrador auditado', base: 1000, tipoIva: 21 })).body;
    const [delPost] = await altas(borrador.id);
    expect(delPost).toMatchObject({ tipo: 'CREATE', recurso: 'facturas', recursoId: borrador.id });

    const { pago: p, factura } = await facturado();
    const diferencias = await rectificar(factura.id, { motivo: 'R4', descripcion: 'Descuento', base: -500 });
    expect(diferencias.status, JSON.stringify(diferencias.body)).toBe(200);
    const sustitucion = await sustituir(factura.id);
    expect(sustitucion.status, JSON.stringify(sustitucion.body)).toBe(200);
    const reembolso = await reembolsar(p.id, { importe: 1000, motivo: 'Una clase sin ver' });
    expect(reembolso.status, JSON.stringify(reembolso.body)).toBe(200);

    const nuevas = { facturar: factura.id, rectificar: diferencias.body.id, sustitucion: sustitucion.body.id, reembolsar: reembolso.body.facturaId };
    expect(new Set(Object.values(nuevas)).size).toBe(4);
    for (const [como, id] of Object.entries(nuevas)) {
      const filas = await altas(id);
      expect(filas, como).toHaveLength(1);
      expect(filas[0].recursoId, como).toBe(id);
      // As POST's, but for the action that made it, which its row names.
      const { datos, ...resto } = forma(filas[0]);
      const { datos: _ninguna, ...comoPost } = forma(delPost);
      expect(resto, como).toEqual(comoPost);
      expect(JSON.parse(datos).accion, como).toBe(como === 'sustitucion' ? 'rectificar' : como);
    }
  });

  it('the new invoice passes the rules of the entity: a total past the integer column is a 422 at /total, as on POST, and numbers nothing', async () => {
    const { factura } = await facturado();
    const antes = await numerosR();
    const facturasAntes = (await get('/facturas/count')).count;
    for (const res of [await sustituir(factura.id, { base: 2_000_000_000 }), await rectificar(factura.id, { motivo: 'R4', descripcion: 'Cargo', base: -2_000_000_000 })]) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/total', code: 'computed' })]);
    }
    expect(await numerosR()).toBe(antes);
    expect((await get('/facturas/count')).count).toBe(facturasAntes);
  });
});

describe('an invoice cancelled to zero while the money stayed', () => {
  it('frees its pago, which is invoiced again («Emitir factura» comes back); an invoice in force still refuses a second one', async () => {
    const { pago: p, factura } = await facturado();
    // Partly rectified, it is still in force.
    await rectificar(factura.id, { motivo: 'R4', descripcion: 'Descuento', base: -500 });
    expect((await get(`/pagos/${p.id}`)).facturaId).toBe(factura.id);
    expect((await t.call('POST', `/pagos/${p.id}/facturar`, {})).status).toBe(409);
    // Cancelled whole: what is left of it, not its first amounts.
    const anulacion = (await rectificar(factura.id, { motivo: 'R1', descripcion: 'Emitida al alumno equivocado' })).body;
    expect(anulacion).toMatchObject({ base: -(4050 - 500), cuotaIva: -(850 - 105) });
    expect((await get(`/pagos/${p.id}`)).facturaId).toBeNull();
    expect((await get(`/facturas/${factura.id}`)).rectificadaPorId).toBe(anulacion.id);
    const otra = await t.call('POST', `/pagos/${p.id}/facturar`, {});
    expect(otra.status).toBe(200);
    expect(otra.body).toMatchObject({ serie: 'A', total: 4900 });
    expect((await get(`/pagos/${p.id}`)).facturaId).toBe(otra.body.id);
    expect((await t.call('POST', `/pagos/${p.id}/facturar`, {})).status).toBe(409);
    // Nothing is left to cancel on the first one.
    const otraVez = await rectificar(factura.id, { motivo: 'R1', descripcion: 'Otra vez' });
    expect(otraVez.status).toBe(409);
    expect(otraVez.body.error.message).toBe(mensajes.facturacion.yaACero(numero(factura)));
  });

  it('invoices again only what the pago kept after its partial refunds', async () => {
    const { pago: p, factura } = await facturado();
    await reembolsar(p.id, { importe: 900, motivo: 'Descuento de bienvenida' });
    await rectificar(factura.id, { motivo: 'R1', descripcion: 'Datos fiscales de otra persona' });
    const otra = await t.call('POST', `/pagos/${p.id}/facturar`, {});
    expect(otra.body).toMatchObject({ total: 4000 });
  });

  it('a pago refunded whole keeps the link to its invoice, cancelled by its refund', async () => {
    const { pago: p, factura } = await facturado();
    await reembolsar(p.id, { motivo: 'Baja' });
    expect(await get(`/pagos/${p.id}`)).toMatchObject({ estado: 'reembolsado', facturaId: factura.id });
    expect((await t.call('POST', `/pagos/${p.id}/facturar`, {})).status).toBe(409);
  });
});

describe('refunds as they happen', () => {
  it('a PATCH or PUT to reembolsado is 409 naming the action, by id, in bulk and with PUT, and changes nothing', async () => {
    const p = await pago();
    const mensaje = mensajes.pagos.reembolsoPorAccion(p.id);
    expect(mensaje).toContain(`POST /pagos/${p.id}/reembolsar`);
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, facturaId: _f, fechaReembolso: _r, importeReembolsado: _i, tokenId: _k, pasarela: _p, enDisputa: _d, cuponId: _cu, descuento: _de, ...cuerpo } = p;
    for (const [metodo, url, body] of [
      ['PATCH', `/pagos/${p.id}`, { estado: 'reembolsado' }],
      ['PATCH', `/pagos/${p.id}`, { estado: 'reembolsado', notas: 'Devuelto' }],
      ['PATCH', `/pagos?where=${q({ id: p.id })}`, { estado: 'reembolsado' }],
      ['PUT', `/pagos/${p.id}`, { ...cuerpo, estado: 'reembolsado' }],
    ] as const) {
      const res = await t.call(metodo, url, body);
      expect(res.status, `${metodo} ${url}`).toBe(409);
      expect(res.body.error.message).toBe(mensaje);
    }
    expect(await get(`/pagos/${p.id}`)).toEqual(p);
    expect(await get(`/pagos/${p.id}/reembolsos`)).toEqual([]);
  });

  it('refunds are read, never written, on every route, the nested one included', async () => {
    const { pago: p } = await facturado();
    const r = (await reembolsar(p.id, { importe: 100, motivo: 'Prueba' })).body;
    for (const [metodo, url, body] of [
      ['POST', '/reembolsos', { pagoId: p.id, importe: 100, motivo: 'x', fecha: new Date().toISOString() }],
      ['POST', `/pagos/${p.id}/reembolsos`, { importe: 100, motivo: 'x', fecha: new Date().toISOString() }],
      ['PATCH', `/reembolsos/${r.id}`, { motivo: 'Otro' }],
      ['PATCH', `/reembolsos?where=${q({ id: r.id })}`, { motivo: 'Otro' }],
      ['PATCH', `/pagos/${p.id}/reembolsos`, { motivo: 'Otro' }],
      ['PUT', `/reembolsos/${r.id}`, { pagoId: p.id, importe: 100, motivo: 'x', fecha: r.fecha }],
      ['DELETE', `/reembolsos/${r.id}`, undefined],
      ['DELETE', `/pagos/${p.id}/reembolsos`, undefined],
    ] as const) {
      const res = await t.call(metodo, url, body);
      expect(res.status, `${metodo} ${url}`).toBe(403);
    }
    expect((await t.call('POST', '/reembolsos', {})).body.error.message).toBe(mensajes.peticion.soloServidor.reembolsos);
    expect(await get(`/pagos/${p.id}/reembolsos`)).toEqual([r]);
    // A pago with refunds is not deleted from under them.
    expect((await t.call('DELETE', `/pagos/${p.id}`)).status).toBe(409);
  });

  it('in parts: each refund its row and its rectificativa for exactly that amount; the last leaves the invoice at zero to the céntimo', async () => {
    const { pago: p, factura } = await facturado();
    const primero = await reembolsar(p.id, { importe: 1000, motivo: '  Dos clases sin ver  ' });
    expect(primero.status, JSON.stringify(primero.body)).toBe(200);
    expect(primero.body).toMatchObject({ pagoId: p.id, importe: 1000, motivo: 'Dos clases sin ver' });
    const admin = (await t.call('GET', '/logins/me')).body;
    expect(primero.body.loginId).toBe(admin.id);
    expect(Date.now() - Date.parse(primero.body.fecha)).toBeLessThan(60_000);
    // Still completado, with what has gone back so far; no refund date until it is refunded whole.
    expect(await get(`/pagos/${p.id}`)).toMatchObject({ estado: 'completado', importeReembolsado: 1000, fechaReembolso: null, facturaId: factura.id });
    const r1 = await get(`/facturas/${primero.body.facturaId}`);
    expect(r1).toMatchObject({ serie: 'R', tipo: 'R4', tipoRectificativa: 'I', rectificaId: factura.id, total: -1000, tipoIva: 21 });
    // The customer reads what went back, not the academy's reason.
    expect(r1.motivoRectificacion).toBe(mensajes.facturacion.devolucion(importeEs(1000)));

    // Without an importe, the rest.
    const resto = await reembolsar(p.id, { motivo: 'Baja del curso' });
    expect(resto.body.importe).toBe(3900);
    const despues = await get(`/pagos/${p.id}`);
    expect(despues).toMatchObject({ estado: 'reembolsado', importeReembolsado: 4900 });
    expect(Date.now() - Date.parse(despues.fechaReembolso)).toBeLessThan(60_000);
    const r2 = await get(`/facturas/${resto.body.facturaId}`);
    expect(r2.total).toBe(-3900);
    expect([factura.base + r1.base + r2.base, factura.cuotaIva + r1.cuotaIva + r2.cuotaIva]).toEqual([0, 0]);
    expect((await get(`/facturas/${factura.id}`)).rectificadaPorId).toBe(r2.id);

    const lista = await get(`/pagos/${p.id}/reembolsos?filter=${q({ order: 'id ASC' })}`);
    expect(lista.map((r: Row) => [r.importe, r.facturaId])).toEqual([[1000, r1.id], [3900, r2.id]]);
    expect((await get(`/pagos/${p.id}?filter=${q({ include: ['reembolsos'] })}`)).reembolsos).toHaveLength(2);
    // Nothing is left: a refunded pago is refunded no more.
    const otra = await reembolsar(p.id, { motivo: 'Otra' });
    expect(otra.status).toBe(409);
    expect(otra.body.error.message).toBe(mensajes.pagos.noReembolsable('reembolsado'));
    // The activity log says who refunded what, and why.
    const logs = await get(`/logs?filter=${q({ where: { recurso: 'pagos', recursoId: p.id } })}`);
    expect(logs.filter((l: Row) => l.datos).map((l: Row) => JSON.parse(l.datos))).toContainEqual({ accion: 'reembolsar', importe: 1000, motivo: '  Dos clases sin ver  ' });
    expect((await get('/registros/verificar')).ok).toBe(true);
  });

  it('never more than what is left, never zero or less, always with a reason: 422 next to the field, nothing written', async () => {
    const { pago: p } = await facturado();
    await reembolsar(p.id, { importe: 4000, motivo: 'Parte' });
    const facturasAntes = Number((await get('/facturas/count')).count);
    for (const [cuerpo, path, message] of [
      [{ importe: 901, motivo: 'Demasiado' }, '/importe', mensajes.pagos.reembolsoExcesivo(importeEs(900), importeEs(4900))],
      [{ importe: 0, motivo: 'Nada' }, '/importe', mensajes.pagos.reembolsoNoPositivo],
      [{ importe: -100, motivo: 'Al revés' }, '/importe', mensajes.pagos.reembolsoNoPositivo],
      [{ importe: 100, motivo: ' \u200b ' }, '/motivo', mensajes.pagos.motivoVacio],
    ] as const) {
      const res = await reembolsar(p.id, cuerpo);
      expect(res.status, JSON.stringify(cuerpo)).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path, message })]);
    }
    for (const cuerpo of [{ importe: 100 }, { importe: 1.5, motivo: 'x' }, { importe: '9,00', motivo: 'x' }, { motivo: 'x', fecha: '2026-01-01' }]) {
      expect((await reembolsar(p.id, cuerpo)).status, JSON.stringify(cuerpo)).toBe(422);
    }
    expect(await get(`/pagos/${p.id}`)).toMatchObject({ estado: 'completado', importeReembolsado: 4000 });
    expect(Number((await get('/facturas/count')).count)).toBe(facturasAntes);
    expect(await get(`/pagos/${p.id}/reembolsos`)).toHaveLength(1);
    // A reason is kept as typed, ordinals and all.
    expect((await reembolsar(p.id, { importe: 900, motivo: 'Clases 1.ª y 2.º' })).body.motivo).toBe('Clases 1.ª y 2.º');
  });

  it('only a completado pago is refunded; one without an invoice gets no rectificativa', async () => {
    const pendiente = await pago({ estado: 'pendiente' });
    const res = await reembolsar(pendiente.id, { motivo: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(mensajes.pagos.noReembolsable('pendiente'));
    expect((await reembolsar(999999, { motivo: 'x' })).status).toBe(404);
    const sinFactura = await pago();
    const r = (await reembolsar(sinFactura.id, { importe: 2000, motivo: 'Parte' })).body;
    expect(r).toMatchObject({ importe: 2000, facturaId: null });
  });

  it('refunds at the same time never give back more than the pago brought in', async () => {
    const { pago: p, factura } = await facturado();
    const respuestas = await Promise.all(Array.from({ length: 6 }, (_, i) => reembolsar(p.id, { importe: 1500, motivo: `Intento ${i}` })));
    const estados = respuestas.map((r) => r.status).sort();
    // 3 × 15,00 € fit in 49,00 €; a fourth would leave −11,00 €.
    expect(estados).toEqual([200, 200, 200, 422, 422, 422]);
    expect(await get(`/pagos/${p.id}`)).toMatchObject({ estado: 'completado', importeReembolsado: 4500 });
    const reembolsos = await get(`/pagos/${p.id}/reembolsos`);
    expect(reembolsos.map((r: Row) => r.importe)).toEqual([1500, 1500, 1500]);
    const rectificativas = await get(`/facturas?filter=${q({ where: { rectificaId: factura.id } })}`);
    expect(rectificativas.reduce((s: number, r: Row) => s + r.total, 0)).toBe(-4500);
  });
});

describe('the reports count what was given back', () => {
  // A day far from every other test's, so the figures are this test's alone.
  const dia = '2031-06-10';
  it('net revenue takes away the refunded amount, not the whole pago', async () => {
    const p = await pago({ importe: 10000, fecha: `${dia}T10:00:00.000Z` });
    const hoy = diaEn(new Date(), t.config.timeZone);
    const deHoy = async () => (await get(`/informes/ingresos?desde=${hoy}&hasta=${hoy}`)).serie[0];
    const antes = await deHoy();
    await reembolsar(p.id, { importe: 2500, motivo: 'Parte' });
    const despues = await deHoy();
    // The refund counts the day it was made, for what it gave back.
    expect([despues.reembolsos - antes.reembolsos, despues.importeReembolsado - antes.importeReembolsado, despues.ingresosNetos - antes.ingresosNetos]).toEqual([1, 2500, -2500]);
    // The pago stays whole in the gross of its own day, with no refund there.
    const resumen = await get(`/informes/resumen?desde=${dia}&hasta=${dia}`);
    expect(resumen.actual).toMatchObject({ pagos: 1, ingresos: 10000, reembolsos: 0, ingresosNetos: 10000 });
  });

  it('«pendientes»: a replaced invoice is no debt, its substitute is; a pago freed from a cancelled invoice is one without invoice', async () => {
    const borrador = (await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'Clases particulares', base: 20000, tipoIva: 21 })).body;
    const emitida = (await t.call('POST', `/facturas/${borrador.id}/emitir`, {})).body;
    const s = (await sustituir(emitida.id)).body;
    expect(s.estado).toBe('emitida');
    const { pago: p, factura } = await facturado();
    await rectificar(factura.id, { motivo: 'R1', descripcion: 'Al alumno equivocado' });
    const { facturasSinPago, pagosSinFactura } = (await t.call('GET', '/informes/pendientes?dias=0')).body;
    const facturas = facturasSinPago.filas.map((f: Row) => f.id);
    expect(facturas).toContain(s.id);
    expect(facturas).not.toContain(emitida.id);
    expect(pagosSinFactura.filas.map((x: Row) => x.id)).toContain(p.id);
  });
});
