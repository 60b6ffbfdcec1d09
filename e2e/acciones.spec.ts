// A record's actions say what they do at every size: on a phone react-admin's
// buttons kept only their icon («Reembolsar» was an undo arrow) and «Añadir clase» became a
// floating «+» with no word.
import { expect, test } from './support/fixtures';
import { API } from './support/list';

test('«Reembolsar» y «Añadir clase» se leen, no solo se adivinan por su icono', async ({ page }) => {
  const primero = async (recurso: string, where: object, fields: string[]) => {
    const filtro = encodeURIComponent(JSON.stringify({ where, limit: 1, order: 'id ASC', fields }));
    const [registro] = await (await page.request.get(`${API}/${recurso}?filter=${filtro}`)).json();
    return registro;
  };
  const pago = await primero('pagos', { estado: 'completado' }, ['id']);
  await page.goto(`/main/pagos/${pago.id}/show`);
  await expect(page.getByRole('button', { name: 'Reembolsar' })).toHaveText('Reembolsar');
  await expect(page.getByRole('button', { name: 'Reembolsar' })).toBeInViewport();

  const clase = await primero('clases', { cursoId: { neq: null } }, ['id', 'cursoId']);
  await page.goto(`/main/cursos/${clase.cursoId}/clases`);
  await expect(page.getByRole('link', { name: 'Añadir clase' })).toHaveText('Añadir clase');
  // It opens the clase's form with its curso already chosen.
  const curso = await (await page.request.get(`${API}/cursos/${clase.cursoId}`)).json();
  await page.getByRole('link', { name: 'Añadir clase' }).press('Enter');
  await expect(page).toHaveURL(/\/main\/clases\/create$/);
  await expect(page.getByRole('combobox', { name: 'Curso' })).toHaveValue(curso.titulo);
});
