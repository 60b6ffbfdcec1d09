// What the admin's VeriFactu pages read: GET /verifactu/estado (api/src/verifactu/estado.ts; the
// Orden HAC/1177/2024, art. 16.4, asks that the pending count be shown while an incident keeps
// records from reaching the AEAT) and the declaración responsable (api/src/verifactu/declaracion.ts).

/** VERIFACTU: whether and where the records are sent (api/src/config/verifactu.ts reads it). */
export type ModoVerifactu = 'desactivado' | 'pruebas' | 'produccion';

export interface EstadoRemision {
  modo: ModoVerifactu;
  /** Production running with VERIFACTU=desactivado: invoices are not being reported. */
  avisoDesactivado: boolean;
  pendientes: number;
  /** Pending for more than an hour: late, an incidence. */
  retrasados: number;
  pendienteMasAntiguo: string | null;
  /** Rejected (or accepted with errors) and not yet corrected. */
  rechazados: number;
  conErrores: number;
  ultimoEnvio: { inicio: string; fin: string | null; estado: string; estadoEnvio: string | null; csv: string | null; registros: number; error: string | null } | null;
  /** When the next message may leave, when one is waiting; null when nothing is. */
  siguienteEnvio: string | null;
  tiempoEspera: number;
  fallosSeguidos: number;
  /** The AEAT refused a whole message: nothing leaves until it is retried or the configuration changes. */
  bloqueo: { codigo: number | null; texto: string; desde: string } | null;
  certificado: { titular: string; caduca: string; caducaEs: string } | null;
  /** The AEAT's error codes about the client's identity: a correction of one of these may carry new client data. */
  erroresDelCliente: number[];
}

export interface Apartado {
  letra: string;
  /** The text that describes the datum, as the Orden words it. */
  texto: string;
  valor: string | null;
  /** The variable that gives it, when it comes from configuration and is missing. */
  falta?: string;
}

export interface Declaracion {
  titulo: string;
  /** Whether this installation sends its records now (VERIFACTU not desactivado). */
  remisionActiva: boolean;
  apartados: Apartado[];
}
