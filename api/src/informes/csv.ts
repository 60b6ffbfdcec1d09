// Reports as CSV tables, written the way every CSV of the API is (rest/csv.ts).
import { mensajes } from '../mensajes.js';
import { BOM, entero, euros, lineaCsv, texto } from '../rest/csv.js';
import type { FacturaSinPago, Lista, PagoPendiente, PuntoIngresos, PuntoUsuarios, Resumen, VentasCurso } from '../../../contrato/informes.js';
import { fechaHoraEn } from '../base/tiempo.js';

const c = mensajes.informes.csv;

export interface Tabla {
  cabecera: string[];
  filas: string[][];
}

export function aCsv({ cabecera, filas }: Tabla): string {
  return BOM + [cabecera, ...filas].map(lineaCsv).join('');
}

interface Periodo {
  desde: string | null;
  hasta: string;
}

export function resumenCsv(d: { periodo: Periodo; anterior: Periodo; actual: Resumen; previo: Resumen }): Tabla {
  const filas: [string, (r: Resumen) => string][] = [
    [c.ingresosNetos, (r) => euros(r.ingresosNetos)],
    [c.ingresos, (r) => euros(r.ingresos)],
    [c.pagosCobrados, (r) => entero(r.pagos)],
    [c.ticketMedio, (r) => euros(r.ticketMedio)],
    [c.reembolsos, (r) => entero(r.reembolsos)],
    [c.importeReembolsado, (r) => euros(r.importeReembolsado)],
    [c.usuariosNuevos, (r) => entero(r.usuariosNuevos)],
    [c.cursosVendidos, (r) => entero(r.cursosVendidos)],
  ];
  return {
    cabecera: [c.indicador, c.periodoActual(d.periodo.desde!, d.periodo.hasta), c.periodoAnterior(d.anterior.desde!, d.anterior.hasta)],
    filas: filas.map(([nombre, valor]) => [nombre, valor(d.actual), valor(d.previo)]),
  };
}

export function ingresosCsv(d: { serie: PuntoIngresos[] }): Tabla {
  return {
    cabecera: [c.intervalo, c.pagosCobrados, c.ingresos, c.reembolsos, c.importeReembolsado, c.ingresosNetos, c.ticketMedio],
    filas: d.serie.map((p) => [p.clave, entero(p.pagos), euros(p.ingresos), entero(p.reembolsos), euros(p.importeReembolsado), euros(p.ingresosNetos), euros(p.ticketMedio)]),
  };
}

export function ventasPorCursoCsv(d: { cursos: VentasCurso[] }): Tabla {
  return {
    cabecera: [c.cursoId, c.curso, c.ventas, c.ingresos, c.ticketMedio, c.reembolsos, c.importeReembolsado],
    filas: d.cursos.map((v) => [
      entero(v.cursoId),
      v.cursoId === null ? c.sinCurso : texto(v.titulo),
      entero(v.ventas),
      euros(v.ingresos),
      euros(v.ticketMedio),
      entero(v.reembolsos),
      euros(v.importeReembolsado),
    ]),
  };
}

export function pagosPorMetodoCsv(d: { metodos: { metodo: string; pagos: number; importe: number; completados: number; importeCompletado: number }[] }): Tabla {
  return {
    cabecera: [c.metodo, c.pagos, c.importe, c.completados, c.importeCompletado],
    filas: d.metodos.map((m) => [m.metodo, entero(m.pagos), euros(m.importe), entero(m.completados), euros(m.importeCompletado)]),
  };
}

export function pagosPorEstadoCsv(d: { estados: { estado: string; pagos: number; importe: number }[] }): Tabla {
  return {
    cabecera: [c.estado, c.pagos, c.importe],
    filas: d.estados.map((e) => [e.estado, entero(e.pagos), euros(e.importe)]),
  };
}

export function usuariosNuevosCsv(d: { serie: PuntoUsuarios[] }): Tabla {
  return {
    cabecera: [c.intervalo, c.usuariosNuevos, c.compradores],
    filas: d.serie.map((p) => [p.clave, entero(p.nuevos), entero(p.compradores)]),
  };
}

/** The three lists in one sheet, told apart by the first column. */
export function pendientesCsv(
  d: { pagosPendientes: Lista<PagoPendiente>; pagosSinFactura: Lista<PagoPendiente>; facturasSinPago: Lista<FacturaSinPago> },
  timeZone: string,
): Tabla {
  const fecha = (iso: string | null) => (iso ? fechaHoraEn(new Date(iso), timeZone) : '');
  const pago = (tipo: string) => (p: PagoPendiente) => [tipo, entero(p.id), fecha(p.fecha), texto(p.usuario), texto(p.curso ?? ''), euros(p.importe)];
  return {
    cabecera: [c.tipo, c.id, c.fecha, c.usuario, c.concepto, c.importe],
    filas: [
      ...d.pagosPendientes.filas.map(pago(c.pagoPendiente)),
      ...d.pagosSinFactura.filas.map(pago(c.pagoSinFactura)),
      ...d.facturasSinPago.filas.map((f) => [
        c.facturaSinPago,
        entero(f.id),
        fecha(f.fecha),
        texto(f.cliente),
        texto(`${f.serie}${f.numero === null ? '' : `-${f.numero}`} ${f.concepto}`),
        euros(f.total),
      ]),
    ],
  };
}
