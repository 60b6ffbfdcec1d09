// WORKERS > 1 (docs/arquitectura.md §12): this process becomes the primary of a node:cluster. It migrates
// and seeds the database once, before any worker exists, then forks WORKERS API processes
// that share the port (the primary hands out connections round-robin). Nothing the API must
// hold across processes lives in a worker's memory: sessions and the login throttle are in
// the database. A worker that dies is replaced, with a log line and a growing pause if it
// keeps dying; SIGTERM drains every worker (each closes gracefully) before the primary exits.
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from './config/index.js';
import { createDb } from './db/index.js';
import type { DemoSeeder } from './db/preparar.js';
import { prepareDatabase } from './preparacion.js';
import { esRelevo } from './eventos/avisos.js';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));

/** A worker that lived less than this before dying counts towards the pause before the next. */
const VIDA_CORTA_MS = 10_000;
const PAUSA_MAX_MS = 30_000;
/** Workers get this long to finish their requests; index.ts gives each 10 s of its own. */
const DRENAJE_MS = 15_000;

export interface RunningCluster {
  /** The port the workers share (PORT, or the one the system chose for PORT=0). */
  port: number;
  /** Ends every worker gracefully (SIGTERM), then resolves. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  log?: (msg: string) => void;
  error?: (msg: string) => void;
  /** How the primary fills an empty database outside production (index.ts's StartOptions). */
  demo?: DemoSeeder;
}

export async function startCluster(config: Config, { log = console.log, error = console.error, demo }: ClusterOptions = {}): Promise<RunningCluster> {
  // Once, here: workers never migrate nor seed (index.ts skips it in a worker).
  const db = createDb(config.database);
  try {
    await prepareDatabase(db, config, { log, demo });
  } finally {
    await db.destroy();
  }

  cluster.setupPrimary({ exec: entry, args: [] });
  const n = config.workers;
  let cerrando = false;
  let algunoEscucha = false;
  const vivos = new Set<Worker>();
  /** Per slot: consecutive short lives, for the pause before the next replacement. */
  const muertesSeguidas: number[] = Array(n).fill(0);
  const pausas = new Set<NodeJS.Timeout>();

  let listo!: () => void;
  let fallo!: (err: Error) => void;
  const arrancado = new Promise<void>((resolve, reject) => {
    listo = resolve;
    fallo = reject;
  });
  let escuchando = 0;
  let port = config.port;

  const startWorker = (slot: number) => {
    // Slot 0 runs the once-per-machine jobs; its replacement inherits them.
    const worker = cluster.fork({ AULA_TAREAS_DE_FONDO: slot === 0 ? '1' : '0' });
    const nacido = Date.now();
    let escucha = false;
    vivos.add(worker);
    // On SQLite a worker's committed changes reach the others' live streams through here
    // (eventos/avisos.ts); on PostgreSQL each worker LISTENs and nothing is sent.
    worker.on('message', (m: unknown) => {
      if (!esRelevo(m)) return;
      for (const otro of vivos) if (otro !== worker && otro.isConnected()) otro.send(m);
    });
    worker.on('listening', (direccion) => {
      if (escucha) return;
      // With PORT=0 the first worker's port is the one every later worker is given.
      port = direccion.port;
      escucha = true;
      algunoEscucha = true;
      log(`Proceso de la API ${slot + 1}/${n} escuchando (pid ${worker.process.pid})`);
      if (++escuchando === n) listo();
    });
    worker.on('exit', (code, signal) => {
      vivos.delete(worker);
      if (cerrando) return;
      const causa = signal ? `señal ${signal}` : `código ${code}`;
      // Dying before any worker ever listened is a start-up failure (port taken, database
      // gone): the same as a lone process failing to start, not something to retry for ever.
      if (!algunoEscucha) {
        error(`Proceso de la API ${slot + 1}/${n} (pid ${worker.process.pid}) terminó al arrancar (${causa})`);
        cerrando = true;
        for (const w of vivos) w.process.kill('SIGTERM');
        fallo(new Error(`los procesos de la API no arrancan (${causa})`));
        return;
      }
      muertesSeguidas[slot] = Date.now() - nacido < VIDA_CORTA_MS ? muertesSeguidas[slot] + 1 : 0;
      const pausa = muertesSeguidas[slot] ? Math.min(PAUSA_MAX_MS, 500 * 2 ** (muertesSeguidas[slot] - 1)) : 0;
      error(
        `Proceso de la API ${slot + 1}/${n} (pid ${worker.process.pid}) terminó (${causa}); se sustituye` +
          (pausa ? ` en ${(pausa / 1000).toFixed(1)} s (${muertesSeguidas[slot]}.ª caída seguida al poco de arrancar)` : ''),
      );
      const t = setTimeout(() => {
        pausas.delete(t);
        if (!cerrando) startWorker(slot);
      }, pausa);
      pausas.add(t);
    });
  };

  for (let slot = 0; slot < n; slot++) startWorker(slot);
  await arrancado;
  log(`API en ${n} procesos (node:cluster, pid principal ${process.pid})`);

  let cierre: Promise<void> | undefined;
  const close = () =>
    (cierre ??= new Promise<void>((resolve) => {
      cerrando = true;
      for (const t of pausas) clearTimeout(t);
      if (!vivos.size) return resolve();
      const forzar = setTimeout(() => {
        for (const w of vivos) w.process.kill('SIGKILL');
      }, DRENAJE_MS);
      forzar.unref();
      for (const w of vivos) {
        w.once('exit', () => {
          if (!vivos.size) {
            clearTimeout(forzar);
            resolve();
          }
        });
        w.process.kill('SIGTERM');
      }
    }));
  return { port, close };
}
