// The remission to the AEAT: 10 000 pending records built, sent in messages of 1 000
// and each message validated against the AEAT's XSD by the local AEAT of the tests (xmllint), which
// answers every record Correcto with a 1 s TiempoEsperaEnvio. The API runs in its own process as in
// production; its memory is read from /proc before the records appear and at the end (the peak).
// The records are written straight into the scratch database once the API is up (as invoices
// issued before the chain existed are chained at start-up), so the timing is the sender's alone.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { SERVIDOR } from '../api/src/base/types.js';
import { chainEmitidas } from '../api/src/resources/facturas/cadena.js';
import { registry } from '../api/src/resources/index.js';
import { Repository } from '../api/src/rest/repository.js';
import { crearAeat } from '../api/test/support/aeat.js';
import { migrateLatest } from '../migrations/index.js';
import { startServer } from './api.js';
import { baseDePrueba, type Target } from './fill.js';
import { memoryMb } from './login.js';

export interface RemisionMedida {
  registros: number;
  mensajes: number;
  /** From the moment the records exist to the last answer applied. */
  segundos: number;
  registrosPorSegundo: number;
  /** Every message passed the XSD and every record came back Correcto. */
  todoValido: boolean;
  /** The API process (sender included): resident memory before the records, and its peak by the end (MB). */
  rssAntesMb: number;
  rssPicoMb: number;
}

const SCHEMA = 'verifactu';

export async function measureRemision(target: Target, n: number, log: (m: string) => void): Promise<RemisionMedida> {
  const databaseUrl = await baseDePrueba(target, SCHEMA);
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  const aeat = await crearAeat({ tiempoEspera: 1 });
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrateLatest(db);
    const iso = new Date().toISOString();
    // An administrator, so the API seeds no demo data (whose records it would send too).
    await db('logins').insert({ usuario: 'admin', pass: 'x', nombre: 'Administrador', activo: true, createdAt: iso, updatedAt: iso });
    const [u] = await db('usuarios').insert({ nombre: 'Ana', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1', createdAt: iso, updatedAt: iso }).returning('id');
    const usuarioId = Number(typeof u === 'object' ? u.id : u);

    api = await startServer('./server.ts', { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WORKERS: '1', ...aeat.env, VERIFACTU_TIMEOUT: '120' });
    const rssAntesMb = memoryMb(api.pid).rss;

    const facturas = Array.from({ length: n }, (_, i) => ({
      serie: 'A', numero: i + 1, fecha: iso, tipo: 'F1', usuarioId, clienteNombre: 'Ana Ibáñez', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1, Madrid',
      concepto: `Curso ${i + 1}`, base: 4050, tipoIva: 21, cuotaIva: 851, total: 4901, estado: 'emitida', createdAt: iso, updatedAt: iso,
    }));
    for (let i = 0; i < facturas.length; i += 500) await db('facturas').insert(facturas.slice(i, i + 500));
    // The records, chained and queued in one transaction: the sender sees all of them at once.
    await new Repository(db, config, registry).transaction(SERVIDOR, (w) => chainEmitidas(w, config));
    const t0 = performance.now();
    const pendientes = async () => Number(((await db('remisiones').where('estado', 'pendiente').count({ n: '*' })) as { n: number }[])[0].n);
    while ((await pendientes()) > 0) {
      if (performance.now() - t0 > 600_000) throw new Error('la remisión no terminó en 10 minutos');
      await new Promise((r) => setTimeout(r, 100));
    }
    const segundos = (performance.now() - t0) / 1000;
    const rssPicoMb = memoryMb(api.pid).peak;
    const correctos = Number(((await db('remisiones').where('estado', 'correcto').count({ n: '*' })) as { n: number }[])[0].n);
    const medida: RemisionMedida = {
      registros: n,
      mensajes: aeat.peticiones.length,
      segundos,
      registrosPorSegundo: n / segundos,
      todoValido: correctos === n && aeat.peticiones.every((p) => p.valida && p.estadoEnvio === 'Correcto'),
      rssAntesMb,
      rssPicoMb,
    };
    log(describeRemision(target.dialect, medida));
    return medida;
  } finally {
    await api?.stop();
    await db.destroy();
    await aeat.cerrar();
  }
}

export const describeRemision = (dialect: string, m: RemisionMedida) =>
  `remisión VeriFactu (${dialect}): ${m.registros} registros en ${m.mensajes} mensajes, ${m.segundos.toFixed(1)} s, ` +
  `${m.registrosPorSegundo.toFixed(0)} registros/s, XSD y respuestas ${m.todoValido ? 'correctos' : 'CON FALLOS'}; ` +
  `proceso de la API ${m.rssAntesMb.toFixed(0)} MB antes, pico ${m.rssPicoMb.toFixed(0)} MB`;
