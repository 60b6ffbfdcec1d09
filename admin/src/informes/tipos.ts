// The shapes the /informes routes answer. The figures' types are the contract's (contrato/, type-only
// imports, erased from the bundle), so a renamed field breaks the typecheck here, not the page.
import type {
  PagosEstado,
  PagosMetodo,
  Pendientes,
  PuntoIngresos,
  PuntoUsuarios,
  Resumen,
  VentasCurso,
} from '../../../contrato/informes';

export type { FacturaSinPago, Lista, PagoPendiente, VentasCurso } from '../../../contrato/informes';

export type Cifras = Resumen;

export interface Periodo {
  desde: string | null;
  hasta: string;
}

export interface InformeResumen {
  periodo: Periodo;
  anterior: Periodo;
  actual: Resumen;
  previo: Resumen;
}

export interface InformeIngresos {
  serie: PuntoIngresos[];
}

export interface InformeVentasPorCurso {
  cursos: VentasCurso[];
}

export interface InformePagosPorMetodo {
  metodos: PagosMetodo[];
}

export interface InformePagosPorEstado {
  estados: PagosEstado[];
}

export interface InformeUsuariosNuevos {
  serie: PuntoUsuarios[];
}

export type InformePendientes = Pendientes & { dias: number; limite: number };
