// Pagos are found by their student: a name and surname typed as people type
// them, without accents or capitals, into the pagos list's search box list that student's pagos;
// while the answer is on its way the list says it is searching, and the old rows are not taken
// for it.
import type { Page } from '@playwright/test';
import { foldTexto } from '../api/src/db/pliegue';
import { whereDeBusqueda } from '../contrato/busqueda';
import { expect, test } from './support/fixtures';
import { API, openUnfiltered, searchBox } from './support/list';

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/**
 * A seeded usuario whose first surname has an accent and who has pagos, the only one with that
 * name and surname; what is typed for them, and how many pagos they have.
 */
async function alumnoConAcento(page: Page) {
  const usuarios = await (await page.request.get(`${API}/usuarios?filter=${q({ where: { apellidos: { regexp: '^[^ ]*[áéíóúñ]' } }, order: 'id ASC', limit: 50 })}`)).json();
  for (const u of usuarios as { id: number; nombre: string; apellidos: string }[]) {
    const escrito = foldTexto(`${u.nombre.split(' ')[0]} ${u.apellidos.split(' ')[0]}`);
    const { count } = await (await page.request.get(`${API}/pagos/count?where=${q({ usuarioId: u.id })}`)).json();
    const tocayos = await (await page.request.get(`${API}/usuarios/count?where=${q(whereDeBusqueda(['nombre', 'apellidos'], escrito))}`)).json();
    if (count > 0 && tocayos.count === 1) return { ...u, escrito, pagos: count as number };
  }
  throw new Error('ningún usuario sembrado con un apellido acentuado, pagos y nadie que se llame igual');
}

test('la lista de pagos encuentra los de un alumno por su nombre y apellido escritos sin acentos', async ({ page }) => {
  const alumno = await alumnoConAcento(page);
  const { escrito } = alumno;
  const palabra = escrito.split(' ')[1];
  await openUnfiltered(page, 'pagos');

  // The search's answer is held back a moment, so what the list shows meanwhile can be seen.
  let soltar: () => void = () => {};
  const retenida = new Promise<void>((r) => (soltar = r));
  await page.route(
    (url) => url.pathname === '/pagos' && url.searchParams.get('filter')?.includes(palabra) === true,
    async (route) => {
      await retenida;
      await route.continue();
    },
  );
  const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname === '/pagos' && new URL(r.url()).searchParams.get('filter')?.includes(palabra) === true);
  await searchBox(page).fill(escrito);
  await expect(page.getByRole('progressbar', { name: 'Buscando…' }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  soltar();
  expect((await respuesta).ok()).toBe(true);

  await expect(page.getByRole('progressbar', { name: 'Buscando…' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const nombre = `${alumno.nombre} ${alumno.apellidos}`;
  await expect(page.getByText(nombre).first()).toBeVisible();
  // Exactly that student's pagos, all of them: the total is theirs.
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(new RegExp(`^1-\\d+ de ${alumno.pagos}$`));
});
