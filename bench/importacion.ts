// The students' import at its size (docs/arquitectura.md §24): 50 000 rows (one in ten with a
// curso) previewed and confirmed over the real API, on SQLite or, with TEST_DIALECT=pg and
// TEST_DATABASE_URL, PostgreSQL. Prints each step's time and the process's peak RSS. Figures, not
// assertions (§10). `npx tsx bench/importacion.ts [filas]`.
import { createTestApp } from '../api/test/support/app.js';

const N = Number(process.argv[2] ?? 50_000);
const dialect = process.env.TEST_DIALECT === 'pg' ? 'pg' : 'sqlite';

async function main() {
  const t = await createTestApp({}, dialect);
  try {
    const curso = await t.call('POST', '/cursos', { titulo: 'Curso del banco de pruebas', precio: 1000 });
    const lineas = ['email;nombre;apellidos;teléfono;curso'];
    for (let i = 0; i < N; i++) lineas.push(`alumno${i}@example.com;Alumno ${i};Apellido${i} Prueba;6${String(i).padStart(8, '0')};${i % 10 === 0 ? curso.body.id : ''}`);
    const archivo = Buffer.from(`\ufeff${lineas.join('\r\n')}`, 'utf8');
    const send = async (modo: string) => {
      const inicio = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `/usuarios/importar?modo=${modo}`, payload: archivo, headers: { 'content-type': 'application/octet-stream', cookie: t.cookie } });
      if (res.statusCode >= 300) throw new Error(`${modo}: HTTP ${res.statusCode} ${res.body.slice(0, 500)}`);
      return performance.now() - inicio;
    };
    const vista = await send('previsualizar');
    const confirmar = await send('confirmar');
    const rss = process.resourceUsage().maxRSS / 1024;
    console.log(`importación de ${N.toLocaleString('es-ES')} filas en ${dialect} (${(archivo.length / 1048576).toFixed(1)} MB): previsualizar ${(vista / 1000).toFixed(1)} s · confirmar ${(confirmar / 1000).toFixed(1)} s · RSS máximo ${rss.toFixed(0)} MB`);
  } finally {
    await t.destroy();
  }
}

await main();
