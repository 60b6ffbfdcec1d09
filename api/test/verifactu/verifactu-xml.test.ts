// The messages Aula sends the AEAT, built from records the API really wrote,
// checked against the AEAT's own SuministroLR.xsd by xmllint, and read back: every kind of record
// Aula emits (F1 at each rate, F2, an exempt one, R1 to R5 por diferencias, R por sustitución,
// an anulación, each kind of correction, an invoice issued after its operation and the refund of
// one), and the huella recomputed from the very strings the XML carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datosDeRegistros } from '../../src/verifactu/cola.js';
import { sistemaInformatico, VERSION } from '../../src/verifactu/sistema.js';
import { findNodos, hijo, parseXml, texto, type Nodo } from '../../src/verifactu/lectura.js';
import type { Operacion } from '../../src/resources/facturas/remision.js';
import { NS, registroXml, sobre, type DatosRegistro, type SistemaInformatico } from '../../src/verifactu/xml.js';
import { huella, textoAlta, textoAnulacion } from '../../src/resources/facturas/verifactu.js';
import { fechaExpedicion } from '../../src/resources/facturas/formato.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { validarSobre } from '../support/xsd.js';

let t: TestApp;
let sistema: SistemaInformatico;
const porCaso = new Map<string, DatosRegistro>();
const timeZone = 'Europe/Madrid';

const productor = { nombre: 'Programas Ejemplo S.L.', nif: 'B87654323' };
const hace29 = new Date(Date.now() - 29 * 86_400_000).toISOString();

async function emitida(cuerpo: Record<string, unknown>): Promise<Record<string, any>> {
  const borrador = await t.call('POST', '/facturas', cuerpo);
  expect(borrador.status, JSON.stringify(borrador.body)).toBe(200);
  const res = await t.call('POST', `/facturas/${borrador.body.id}/emitir`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function rectificar(id: number, cuerpo: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.call('POST', `/facturas/${id}/rectificar`, cuerpo);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  const usuario = async (u: Record<string, unknown>) => (await t.call('POST', '/usuarios', u)).body.id as number;
  const ana = await usuario({ nombre: 'Ana', apellidos: 'Ibáñez & Peña', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid' });
  const bea = await usuario({ nombre: 'Bea', email: 'bea@example.es' });
  const facturas: Record<string, Record<string, any>> = {};
  facturas.f1 = await emitida({ usuarioId: ana, concepto: 'Curso de guitarra <nivel 1> & «solfeo»\u0007', base: 10000, tipoIva: 21 });
  facturas.f1al10 = await emitida({ usuarioId: ana, concepto: 'Material', base: 2000, tipoIva: 10 });
  facturas.f1al4 = await emitida({ usuarioId: ana, concepto: 'Libro', base: 1500, tipoIva: 4 });
  facturas.exenta = await emitida({ usuarioId: ana, concepto: 'Clases de inglés (enseñanza)', base: 4900, tipoIva: 0 });
  facturas.f2 = await emitida({ usuarioId: bea, concepto: 'Curso de dibujo', base: 2479, tipoIva: 21 });
  for (const motivo of ['R1', 'R2', 'R3', 'R4']) facturas[motivo] = await rectificar(facturas.f1.id, { motivo, descripcion: `Corrección ${motivo}`, base: -1000 });
  facturas.R5 = await rectificar(facturas.f2.id, { motivo: 'R4', descripcion: 'Devolución' });
  // The customer's address corrected: the whole invoice again, por sustitución.
  const mal = await emitida({ usuarioId: ana, concepto: 'Curso de piano', base: 10000, tipoIva: 21 });
  facturas.sustitucion = await rectificar(mal.id, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección mal escrita', clienteNombre: 'Ana Ibáñez Peña', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 10, 28013 Madrid' });
  // Paid 29 days before it is invoiced: the record says when the operation was (FechaOperacion),
  // and so does its substitute; then a part refunded, for a reason the customer never reads.
  const facturado = async () => {
    const pago = await t.call('POST', '/pagos', { usuarioId: ana, importe: 6050, metodo: 'transferencia', estado: 'completado', referencia: 'TRF-2025-000123', fecha: hace29 });
    const res = await t.call('POST', `/pagos/${pago.body.id}/facturar`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { pagoId: pago.body.id as number, factura: res.body as Record<string, any> };
  };
  const { pagoId, factura: operacion } = await facturado();
  facturas.operacion = operacion;
  facturas.operacionSustituida = await rectificar((await facturado()).factura.id, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección', clienteNombre: 'Ana Ibáñez Peña', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 10, 28013 Madrid' });
  const reembolso = await t.call('POST', `/pagos/${pagoId}/reembolsar`, { importe: 1000, motivo: `Pago ${pagoId} cobrado dos veces por el TPV` });
  expect(reembolso.status, JSON.stringify(reembolso.body)).toBe(200);
  facturas.reembolso = { id: reembolso.body.facturaId };
  const anulada = await emitida({ usuarioId: ana, concepto: 'Emitida por error', base: 100, tipoIva: 21 });
  expect((await t.call('POST', `/facturas/${anulada.id}/anular`, {})).status).toBe(200);

  const registros = (await t.db('registros').orderBy('id').select('id', 'facturaId', 'tipo')) as { id: number; facturaId: number; tipo: string }[];
  const datos = await datosDeRegistros(t.db, registros.map((r) => Number(r.id)));
  const caso = (facturaId: number, tipo = 'alta') => datos.get(Number(registros.find((r) => Number(r.facturaId) === Number(facturaId) && r.tipo === tipo)!.id))!;
  for (const [nombre, f] of Object.entries(facturas)) porCaso.set(nombre, caso(f.id));
  porCaso.set('primero', datos.get(Number(registros[0].id))!);
  porCaso.set('altaAnulada', caso(anulada.id));
  porCaso.set('anulacion', caso(anulada.id, 'anulacion'));
  sistema = await sistemaInformatico(t.db, productor);
});
afterAll(async () => {
  await t?.destroy();
});

/** A whole envelope with these records, validated; answers the parsed envelope. */
async function mensaje(registros: DatosRegistro[], incidencia = false): Promise<Nodo> {
  const xml = sobre({ obligado: { nombre: t.config.emisor.nombre, nif: t.config.emisor.nif }, incidencia }, registros.map((d) => registroXml(d, sistema, timeZone)));
  const v = await validarSobre(xml);
  expect(v.errores).toBe('');
  expect(v.ok).toBe(true);
  return parseXml(xml);
}

const unico = (envelope: Nodo, nombre: 'RegistroAlta' | 'RegistroAnulacion') => {
  const [r] = findNodos(envelope, nombre);
  expect(r.ns).toBe(NS.si);
  return r;
};

/** The huella recomputed from the strings the XML itself carries. */
function huellaDelXml(r: Nodo): string {
  const anterior = texto(r, 'Encadenamiento', 'RegistroAnterior', 'Huella') ?? '';
  const fecha = texto(r, 'FechaHoraHusoGenRegistro')!;
  if (r.nombre === 'RegistroAnulacion') {
    return huella(
      textoAnulacion({
        idEmisorFactura: texto(r, 'IDFactura', 'IDEmisorFacturaAnulada')!,
        numSerieFactura: texto(r, 'IDFactura', 'NumSerieFacturaAnulada')!,
        fechaExpedicionFactura: texto(r, 'IDFactura', 'FechaExpedicionFacturaAnulada')!,
        huellaAnterior: anterior,
        fechaHoraHusoGenRegistro: fecha,
      }),
    );
  }
  return huella(
    textoAlta({
      idEmisorFactura: texto(r, 'IDFactura', 'IDEmisorFactura')!,
      numSerieFactura: texto(r, 'IDFactura', 'NumSerieFactura')!,
      fechaExpedicionFactura: texto(r, 'IDFactura', 'FechaExpedicionFactura')!,
      tipoFactura: texto(r, 'TipoFactura')!,
      cuotaTotal: texto(r, 'CuotaTotal')!,
      importeTotal: texto(r, 'ImporteTotal')!,
      huellaAnterior: anterior,
      fechaHoraHusoGenRegistro: fecha,
    }),
  );
}

const CASOS = ['f1', 'f1al10', 'f1al4', 'exenta', 'f2', 'R1', 'R2', 'R3', 'R4', 'R5', 'sustitucion', 'operacion', 'operacionSustituida', 'reembolso', 'altaAnulada', 'anulacion'];

describe('every kind of record Aula emits validates against SuministroLR.xsd', () => {
  it.each(CASOS)('%s, alone in a message', async (caso) => {
    const d = porCaso.get(caso)!;
    const r = unico(await mensaje([d]), d.registro.tipo === 'alta' ? 'RegistroAlta' : 'RegistroAnulacion');
    // The huella the AEAT recomputes from what it reads is the one the record carries.
    expect(texto(r, 'Huella')).toBe(d.registro.huella);
    expect(huellaDelXml(r)).toBe(d.registro.huella);
    expect(texto(r, 'FechaHoraHusoGenRegistro')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    for (const importe of [...findNodos(r, 'CuotaTotal'), ...findNodos(r, 'ImporteTotal'), ...findNodos(r, 'BaseImponibleOimporteNoSujeto'), ...findNodos(r, 'CuotaRepercutida')]) {
      expect(importe.texto).toMatch(/^-?\d{1,12}\.\d\d$/);
    }
  });

  it('all of them together, in chain order, in one message', async () => {
    const todos = [...porCaso.values()].sort((a, b) => a.registro.fechaHoraHusoGenRegistro.localeCompare(b.registro.fechaHoraHusoGenRegistro));
    const envelope = await mensaje(todos, true);
    expect(findNodos(envelope, 'RegistroFactura')).toHaveLength(todos.length);
    expect(texto(hijo(hijo(hijo(envelope, 'Body'), 'RegFactuSistemaFacturacion'), 'Cabecera'), 'RemisionVoluntaria', 'Incidencia')).toBe('S');
  });

  it('a rectificativa por sustitución issued through the API carries TipoRectificativa S, the replaced amounts and the corrected customer', async () => {
    const r = unico(await mensaje([porCaso.get('sustitucion')!]), 'RegistroAlta');
    expect(texto(r, 'TipoFactura')).toBe('R1');
    expect(texto(r, 'TipoRectificativa')).toBe('S');
    expect(texto(r, 'ImporteRectificacion', 'BaseRectificada')).toBe('100.00');
    expect(texto(r, 'ImporteRectificacion', 'CuotaRectificada')).toBe('21.00');
    expect(texto(r, 'ImporteTotal')).toBe('121.00');
    expect(texto(r, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe('Ana Ibáñez Peña');
  });

  it('a rectificativa por sustitución (S) with other amounts, with ImporteRectificacion', async () => {
    const r4 = porCaso.get('R4')!;
    const s: DatosRegistro = {
      ...r4,
      factura: { ...r4.factura, base: 9000, cuotaIva: 1890, tipoRectificativa: 'S', baseRectificada: 10000, cuotaRectificada: 2100 },
      registro: { ...r4.registro, cuotaTotal: '18.90', importeTotal: '108.90' },
    };
    s.registro.huella = huella(textoAlta(s.registro as Parameters<typeof textoAlta>[0]));
    const r = unico(await mensaje([s]), 'RegistroAlta');
    expect(texto(r, 'TipoRectificativa')).toBe('S');
    expect(texto(r, 'ImporteRectificacion', 'BaseRectificada')).toBe('100.00');
    expect(texto(r, 'ImporteRectificacion', 'CuotaRectificada')).toBe('21.00');
    expect(texto(r, 'Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto')).toBe('90.00');
  });

  const correcciones: [string, string, Operacion, Record<string, string | undefined>][] = [
    ['alta de subsanación', 'f1', { subsanacion: 'S' }, { Subsanacion: 'S', RechazoPrevio: undefined }],
    ['alta por rechazo', 'f1', { subsanacion: 'S', rechazoPrevio: 'X' }, { Subsanacion: 'S', RechazoPrevio: 'X' }],
    ['alta por rechazo de subsanación', 'f1', { subsanacion: 'S', rechazoPrevio: 'S' }, { Subsanacion: 'S', RechazoPrevio: 'S' }],
    ['anulación por rechazo', 'anulacion', { rechazoPrevio: 'S' }, { RechazoPrevio: 'S', SinRegistroPrevio: undefined }],
    ['anulación sin registro previo', 'anulacion', { sinRegistroPrevio: 'S' }, { SinRegistroPrevio: 'S', RechazoPrevio: undefined }],
    ['anulación por rechazo sin registro previo', 'anulacion', { sinRegistroPrevio: 'S', rechazoPrevio: 'S' }, { SinRegistroPrevio: 'S', RechazoPrevio: 'S' }],
  ];
  it.each(correcciones)('a correction: %s', async (_nombre, caso, operacion, esperado) => {
    const d = { ...porCaso.get(caso)!, operacion };
    const r = unico(await mensaje([d]), caso === 'anulacion' ? 'RegistroAnulacion' : 'RegistroAlta');
    for (const [campo, valor] of Object.entries(esperado)) expect({ campo, valor: texto(r, campo) }).toEqual({ campo, valor });
  });

  it('a message that breaks the schema is refused (the validator is live)', async () => {
    const xml = sobre({ obligado: { nombre: t.config.emisor.nombre, nif: t.config.emisor.nif }, incidencia: false }, [registroXml(porCaso.get('f1')!, sistema, timeZone)]);
    const sinNombre = xml.replace(/<sf:NombreRazonEmisor>[^<]*<\/sf:NombreRazonEmisor>/, '');
    const v = await validarSobre(sinNombre);
    expect(v.ok).toBe(false);
    expect(v.errores).toMatch(/TipoFactura.*NombreRazonEmisor/s);
  });
});

describe('what each record says', () => {
  const alta = async (caso: string) => unico(await mensaje([porCaso.get(caso)!]), 'RegistroAlta');

  it('an F1 at 21 %: its client as Destinatario, one S1 line, the totals as hashed, the system as configured', async () => {
    const r = await alta('f1');
    const d = porCaso.get('f1')!;
    expect(texto(r, 'IDFactura', 'IDEmisorFactura')).toBe(t.config.emisor.nif);
    expect(texto(r, 'NombreRazonEmisor')).toBe(t.config.emisor.nombre);
    expect(texto(r, 'TipoFactura')).toBe('F1');
    expect(texto(r, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe('Ana Ibáñez & Peña');
    expect(texto(r, 'Destinatarios', 'IDDestinatario', 'NIF')).toBe('12345678Z');
    // Markup characters escaped, a control character (which XML cannot carry) dropped.
    expect(texto(r, 'DescripcionOperacion')).toBe('Curso de guitarra <nivel 1> & «solfeo»');
    const linea = hijo(hijo(r, 'Desglose'), 'DetalleDesglose');
    expect(linea?.hijos.map((h) => `${h.nombre}=${h.texto}`)).toEqual([
      'ClaveRegimen=01', 'CalificacionOperacion=S1', 'TipoImpositivo=21', 'BaseImponibleOimporteNoSujeto=100.00', 'CuotaRepercutida=21.00',
    ]);
    expect([texto(r, 'CuotaTotal'), texto(r, 'ImporteTotal')]).toEqual([d.registro.cuotaTotal, d.registro.importeTotal]);
    expect([texto(r, 'CuotaTotal'), texto(r, 'ImporteTotal')]).toEqual(['21.00', '121.00']);
    const si = hijo(r, 'SistemaInformatico');
    expect(si?.hijos.map((h) => `${h.nombre}=${h.texto}`)).toEqual([
      'NombreRazon=Programas Ejemplo S.L.', 'NIF=B87654323', 'NombreSistemaInformatico=Aula Admin', 'IdSistemaInformatico=AU', `Version=${VERSION}`,
      `NumeroInstalacion=${sistema.numeroInstalacion}`, 'TipoUsoPosibleSoloVerifactu=S', 'TipoUsoPosibleMultiOT=N', 'IndicadorMultiplesOT=N',
    ]);
    expect(texto(r, 'TipoHuella')).toBe('01');
    expect(hijo(r, 'Subsanacion')).toBeUndefined();
  });

  it('the first record of the chain says so; every other names the one before it and its huella', async () => {
    expect(texto(await alta('primero'), 'Encadenamiento', 'PrimerRegistro')).toBe('S');
    const d = porCaso.get('f1al10')!;
    const anterior = hijo(hijo(await alta('f1al10'), 'Encadenamiento'), 'RegistroAnterior');
    expect(texto(anterior, 'Huella')).toBe(d.registro.huellaAnterior);
    expect(texto(anterior, 'NumSerieFactura')).toBe(porCaso.get('f1')!.registro.numSerieFactura);
    expect(texto(anterior, 'FechaExpedicionFactura')).toBe(porCaso.get('f1')!.registro.fechaExpedicionFactura);
  });

  it('10 % and 4 % lines, and an exempt one as OperacionExenta E1 without rate or cuota', async () => {
    expect(texto(await alta('f1al10'), 'Desglose', 'DetalleDesglose', 'TipoImpositivo')).toBe('10');
    expect(texto(await alta('f1al4'), 'Desglose', 'DetalleDesglose', 'CuotaRepercutida')).toBe('0.60');
    const exenta = hijo(hijo(await alta('exenta'), 'Desglose'), 'DetalleDesglose');
    expect(exenta?.hijos.map((h) => `${h.nombre}=${h.texto}`)).toEqual(['ClaveRegimen=01', 'OperacionExenta=E1', 'BaseImponibleOimporteNoSujeto=49.00']);
  });

  it('an F2 and its R5 name no Destinatario', async () => {
    expect(hijo(await alta('f2'), 'Destinatarios')).toBeUndefined();
    const r5 = await alta('R5');
    expect(texto(r5, 'TipoFactura')).toBe('R5');
    expect(hijo(r5, 'Destinatarios')).toBeUndefined();
  });

  it.each(['R1', 'R2', 'R3', 'R4'])('an %s por diferencias names the invoice it rectifies, with negative amounts', async (tipo) => {
    const r = await alta(tipo);
    const f1 = porCaso.get('f1')!.registro;
    expect(texto(r, 'TipoFactura')).toBe(tipo);
    expect(texto(r, 'TipoRectificativa')).toBe('I');
    const rectificada = hijo(hijo(r, 'FacturasRectificadas'), 'IDFacturaRectificada');
    expect([texto(rectificada, 'IDEmisorFactura'), texto(rectificada, 'NumSerieFactura'), texto(rectificada, 'FechaExpedicionFactura')]).toEqual([
      f1.idEmisorFactura, f1.numSerieFactura, f1.fechaExpedicionFactura,
    ]);
    expect(texto(r, 'Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto')).toBe('-10.00');
    expect(texto(r, 'ImporteTotal')).toBe('-12.10');
    expect(texto(r, 'Destinatarios', 'IDDestinatario', 'NIF')).toBe('12345678Z');
  });

  it('an invoice issued after its operation says when it was (FechaOperacion, dd-mm-yyyy), which the huella does not cover', async () => {
    const d = porCaso.get('operacion')!;
    const r = await alta('operacion');
    const dia = fechaExpedicion(hace29, timeZone);
    expect(texto(r, 'FechaOperacion')).toBe(dia);
    expect(dia).not.toBe(texto(r, 'IDFactura', 'FechaExpedicionFactura'));
    // In the schema's place: right before DescripcionOperacion (xmllint also said so).
    const nombres = r.hijos.map((h) => h.nombre);
    expect(nombres[nombres.indexOf('FechaOperacion') + 1]).toBe('DescripcionOperacion');
    expect(huellaDelXml(r)).toBe(d.registro.huella);
    // The operation is the customer's payment, named by its reference, never by our id.
    expect(texto(r, 'DescripcionOperacion')).toBe('Servicios de formación (pago TRF-2025-000123)');
    // Its substitute invoices the same operation, after ImporteRectificacion.
    const s = await alta('operacionSustituida');
    expect(texto(s, 'FechaOperacion')).toBe(dia);
    const enS = s.hijos.map((h) => h.nombre);
    expect(enS.indexOf('ImporteRectificacion')).toBe(enS.indexOf('FechaOperacion') - 1);
  });

  it('an invoice issued the day of its operation, or made before the field existed, carries no FechaOperacion', async () => {
    for (const caso of ['f1', 'f2', 'R4', 'sustitucion', 'reembolso']) expect({ caso, fecha: hijo(await alta(caso), 'FechaOperacion') }).toEqual({ caso, fecha: undefined });
  });

  it('a refund\'s rectificativa tells the AEAT what the customer reads: the invoice by its number and what went back, not the academy\'s reason', async () => {
    const r = await alta('reembolso');
    const operacion = porCaso.get('operacion')!.registro.numSerieFactura;
    expect(texto(r, 'DescripcionOperacion')).toBe(`Rectificación de la factura ${operacion}: Devolución de 10,00\u00a0€ del importe pagado`);
  });

  it('an anulación identifies the invoice it cancels and chains like any record', async () => {
    const d = porCaso.get('anulacion')!;
    const r = unico(await mensaje([d]), 'RegistroAnulacion');
    expect(texto(r, 'IDFactura', 'NumSerieFacturaAnulada')).toBe(porCaso.get('altaAnulada')!.registro.numSerieFactura);
    expect(texto(r, 'Encadenamiento', 'RegistroAnterior', 'Huella')).toBe(porCaso.get('altaAnulada')!.registro.huella);
    expect(hijo(r, 'SinRegistroPrevio')).toBeUndefined();
  });
});
