// The kinds of background work: the one list of them, as resources/index.ts lists the entities.
// A new kind is its file (defineTrabajo, beside the module it serves) and one line here; app.ts
// hands the list to the runner, which imports none of them. Each kind declares which of the
// services below it uses.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Media } from '../media/index.js';
import barridoSubidas from '../media/trabajoBarrido.js';
import procesadoArchivos from '../media/trabajoProcesado.js';
import type { Remitente } from '../verifactu/remitente.js';
import remisionVerifactu from '../verifactu/trabajoRemision.js';
import purgaHistorial from './purgaHistorial.js';
import type { Trabajo } from './definir.js';
import limpiezaTrabajos from './limpieza.js';
import caducidadMatriculas from '../resources/matriculas/caducidad.js';
import loteMatriculas from '../resources/matriculas/trabajoLote.js';
import envioCorreo from '../resources/correos/envio.js';
import avisoVerifactu from '../verifactu/trabajoAviso.js';

/** What the runner hands every run, in `ctx.servicios`. */
export interface Servicios {
  db: Db;
  config: Config;
  media: Media;
  log: FastifyBaseLogger;
  /** The VeriFactu sender, where this process runs it. */
  remitente?: Remitente;
}

export const tipos: Trabajo<Servicios>[] = [procesadoArchivos, barridoSubidas, purgaHistorial, limpiezaTrabajos, remisionVerifactu, caducidadMatriculas, loteMatriculas, envioCorreo, avisoVerifactu];
