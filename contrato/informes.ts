// The figures the /informes routes answer, as api/src/informes/queries.ts computes them and the
// admin's report pages show them. Money in céntimos; instants in ISO-8601.

export interface CifrasPagos {
  /** Pagos collected in the period (completado, or reembolsado since), by fecha. */
  pagos: number;
  /** Gross revenue: what those pagos brought in, céntimos. */
  ingresos: number;
  /** Refunds made in the period (reembolsos, by their fecha), whenever their pago was collected. */
  reembolsos: number;
  importeReembolsado: number;
  /** Net revenue: gross minus the refunds made in the period, céntimos; may be negative. */
  ingresosNetos: number;
  ticketMedio: number | null;
}

export interface CifrasUsuarios {
  nuevos: number;
  /** Of the new usuarios, those with at least one pago completado (at any date). */
  compradores: number;
}

export type Resumen = CifrasPagos & { cursosVendidos: number; usuariosNuevos: number };

export type PuntoIngresos = CifrasPagos & { clave: string; inicio: string };

export type PuntoUsuarios = CifrasUsuarios & { clave: string; inicio: string };

export interface VentasCurso {
  /** null gathers the pagos not tied to a curso. */
  cursoId: number | null;
  titulo: string | null;
  /** Pagos collected in the period and their gross revenue, as in CifrasPagos. */
  ventas: number;
  ingresos: number;
  ticketMedio: number | null;
  /** Refunds of its pagos made in the period, and what they gave back. */
  reembolsos: number;
  importeReembolsado: number;
}

/** Pagos of every estado per método, every método listed even at zero. */
export interface PagosMetodo {
  metodo: string;
  pagos: number;
  importe: number;
  completados: number;
  importeCompletado: number;
}

/** Pagos per estado, every estado listed even at zero. */
export interface PagosEstado {
  estado: string;
  pagos: number;
  importe: number;
}

export interface PagoPendiente {
  id: number;
  fecha: string;
  usuarioId: number;
  usuario: string;
  cursoId: number | null;
  curso: string | null;
  importe: number;
  metodo: string;
}

export interface FacturaSinPago {
  id: number;
  serie: string;
  numero: number | null;
  fecha: string | null;
  usuarioId: number;
  cliente: string;
  concepto: string;
  total: number;
}

export interface Lista<T> {
  /** How many there are in all, and their amount; `filas` holds at most `limite` of them. */
  total: number;
  importe: number;
  filas: T[];
}

/** Money stuck: old pagos pendientes, pagos completados without an invoice, facturas no pago settles. */
export interface Pendientes {
  pagosPendientes: Lista<PagoPendiente>;
  pagosSinFactura: Lista<PagoPendiente>;
  facturasSinPago: Lista<FacturaSinPago>;
}

/** Per curso, the usuarios with an activa matrícula that has not run out. */
export interface AlumnosCurso {
  cursoId: number;
  titulo: string;
  alumnos: number;
}

/** Matrículas created per interval, and how many of them came from a pago. */
export type PuntoMatriculas = { clave: string; inicio: string; nuevas: number; dePago: number };

/** An activa matrícula whose access ends soon. */
export interface MatriculaPorCaducar {
  id: number;
  usuarioId: number;
  usuario: string;
  cursoId: number;
  curso: string;
  hasta: string;
}

/** Per cupón: its uses (canjes) in the period, the discount they gave, and the pagos completados that used it. */
export interface CuponUsado {
  cuponId: number;
  codigo: string;
  usos: number;
  descuento: number;
  pagos: number;
  ingresos: number;
}
