// The VeriFactu alert by email (docs/arquitectura.md §11, §25): hourly, a look at the remission;
// when the AEAT has refused records (still current) or some have waited more than an hour to
// leave, each active administrador with an address gets one `avisoVerifactu` message, at most
// once a day (none if one was queued in the last 24 hours). The page says the same at any time;
// the message is for whoever is not looking at it.
import type { AjustesCorreo, Escritor } from '../base/types.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { queueCorreo } from '../correo/encolar.js';
import { isDireccionUnica } from '../correo/formato.js';
import { mensajes } from '../mensajes.js';
import { defineTrabajo } from '../trabajos/definir.js';
import { RETRASO_MS } from './remitente.js';

type Row = Record<string, any>;

const HORA_MS = 3_600_000;
/** At most one alert in this long. */
export const INTERVALO_AVISO_MS = 24 * HORA_MS;

const cuenta = async (q: ReturnType<Db>) => Number(((await q.count({ n: '*' })) as Row[])[0].n);

/** Queues the alert to each active administrador when it is due; answers how many messages. */
export async function queueAvisoVerifactu(db: Db, transaction: <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>, ajustes: AjustesCorreo, ahora = new Date()): Promise<number> {
  const rechazados = await cuenta(db('remisiones').where({ estado: 'incorrecto', vigente: true }));
  const pendientes = await cuenta(db('remisiones').where('estado', 'pendiente').where('createdAt', '<', new Date(ahora.getTime() - RETRASO_MS).toISOString()));
  if (!rechazados && !pendientes) return 0;
  // Checked and queued in the run's fenced transaction: two runs never both decide it is due.
  return transaction(async (w) => {
    const reciente = await w.db('correos').where('plantilla', 'avisoVerifactu').where('createdAt', '>', new Date(ahora.getTime() - INTERVALO_AVISO_MS).toISOString()).first('id');
    if (reciente) return 0;
    const cuentas = (await w.db('logins').where({ rol: 'administrador', activo: true }).whereNotNull('email').orderBy('id').select('id', 'email')) as Row[];
    let n = 0;
    for (const c of cuentas) {
      if (!isDireccionUnica(String(c.email).trim())) continue;
      await queueCorreo(w, ajustes, { plantilla: 'avisoVerifactu', para: String(c.email), valores: { rechazados, pendientes, enlace: `${ajustes.correo.adminUrl}/verifactu` }, cuentaId: Number(c.id) });
      n++;
    }
    return n;
  });
}

export default defineTrabajo<{ db: Db; config: Config }>({
  nombre: 'avisoVerifactu',
  etiqueta: mensajes.correo.etiquetaAvisoVerifactu,
  cada: HORA_MS,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 3, pausaMs: 60_000, maximaMs: 600_000 },
  limiteMs: 5 * 60_000,
  // Without remission, records wait by configuration, not by an incident: nothing to alert of.
  activo: ({ config }) => config.verifactu.modo !== 'desactivado',
  async run(_datos, { servicios: { db, config }, transaction }) {
    await queueAvisoVerifactu(db, transaction, config);
  },
});
