// Every screen usable with a screen reader, the keyboard and low vision: axe
// finds no critical, serious or moderate violation on any page or dialog, at each size the suite
// runs — every section's list, create form, record form and page (and a record's tabs), Informes,
// Mi cuenta, VeriFactu, the login, the menus, the dark theme, and the dialogs, whose irreversible
// ones open on «Cancelar». Each page has one level-one heading: its title, in the app bar.
// A failure lists each violation: rule, impact, what it asks, why, and where (CSS selectors).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, choose, liftFinger } from './support/form';
import { API } from './support/list';
import { isPhone, menuEntry, openMenu } from './support/menu';
import { abrir, quieta, revisar } from './support/axe';
import { LISTAS } from './support/secciones';

async function primero(page: Page, recurso: string, where: object = {}): Promise<number> {
  const filtro = encodeURIComponent(JSON.stringify({ where, limit: 1, order: 'id ASC', fields: ['id'] }));
  const [registro] = await (await page.request.get(`${API}/${recurso}?filter=${filtro}`)).json();
  return registro.id;
}

/** Which record a section's form and page show, when not its first, and its tabs. */
const DETALLES: Record<string, { editar?: object; ver?: object; pestanas?: string[] }> = {
  cursos: { pestanas: ['clases'] },
  usuarios: { pestanas: ['show/pagos', 'show/facturas', 'show/clases'] },
  facturas: { editar: { estado: 'borrador' }, ver: { estado: 'emitida' } },
};

/** A section's pages: the list, the create form, and a record's form and page where it has them. */
const SECCIONES = LISTAS.map(({ recurso, crear, editar, ficha }) => ({
  recurso,
  crear,
  editar: editar ? (DETALLES[recurso]?.editar ?? {}) : undefined,
  ver: ficha ? (DETALLES[recurso]?.ver ?? {}) : undefined,
  pestanas: DETALLES[recurso]?.pestanas,
}));

for (const { recurso, crear, editar, ver, pestanas = [] } of SECCIONES) {
  test(`${recurso}: lista, alta, edición y ficha sin violaciones graves`, async ({ page }) => {
    await abrir(page, `/main/${recurso}`);
    await revisar(page, `/main/${recurso}`);
    if (crear) {
      await abrir(page, `/main/${recurso}/create`);
      await revisar(page, `/main/${recurso}/create`);
    }
    if (editar) {
      const id = await primero(page, recurso, editar);
      await abrir(page, `/main/${recurso}/${id}`);
      await revisar(page, `/main/${recurso}/${id}`);
    }
    if (ver) {
      const id = await primero(page, recurso, ver);
      await abrir(page, `/main/${recurso}/${id}/show`);
      await revisar(page, `/main/${recurso}/${id}/show`);
    }
    for (const pestana of pestanas) {
      const id = await primero(page, recurso);
      await abrir(page, `/main/${recurso}/${id}/${pestana}`);
      await revisar(page, `/main/${recurso}/${id}/${pestana}`);
    }
  });
}

test('informes, la página no encontrada y los menús sin violaciones graves', async ({ page }) => {
  await abrir(page, '/main/informes');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await revisar(page, '/main/informes');
  await abrir(page, '/main/no-existe');
  await revisar(page, '/main/no-existe');
  // The administrator's menu (Administradores, Actividad, Salir), and on a phone the sections'
  // menu, which is a drawer there and otherwise always on the page.
  await page.getByRole('button', { name: 'Perfil' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await quieta(page);
  await revisar(page, 'el menú del administrador', '.MuiMenu-root');
  await page.keyboard.press('Escape');
  if (isPhone(page)) {
    await openMenu(page);
    await expect(menuEntry(page, 'Informes')).toBeVisible();
    await quieta(page);
    await revisar(page, 'el menú de secciones del móvil', '.MuiDrawer-root');
  }
});

test('VeriFactu, Mi cuenta y la declaración responsable sin violaciones graves', async ({ page }) => {
  await abrir(page, '/main/verifactu');
  await revisar(page, '/main/verifactu');
  await abrir(page, '/main/cuenta');
  await revisar(page, '/main/cuenta');
  await abrir(page, '/declaracion-responsable');
  await revisar(page, '/declaracion-responsable');
});

test.describe('sin sesión', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('la pantalla de entrada sin violaciones graves', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await revisar(page, '/login');
  });
});

/** Waits for the dialog to have finished fading in, so that axe judges its real colours. */
async function dialogoAbierto(page: Page) {
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toBeVisible();
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  return dialogo;
}

/**
 * Opens the dialog of the button named `boton`, checks it with axe, checks where the keyboard
 * is, and leaves it by «Cancelar».
 */
async function revisarDialogo(page: Page, donde: string, boton: string, enfocado: 'Cancelar' | null = 'Cancelar') {
  await page.getByRole('button', { name: boton, exact: true }).click();
  const dialogo = await dialogoAbierto(page);
  // Only the dialog: behind it, «Guardar» may be turning while the dialog asks.
  await quieta(page, '.MuiDialog-root');
  await revisar(page, `${donde} «${boton}»`, '.MuiDialog-root');
  const cancelar = dialogo.getByRole('button', { name: 'Cancelar' });
  // What cannot be undone opens on «Cancelar»: a stray Enter does nothing.
  if (enfocado) await expect(cancelar).toBeFocused();
  await cancelar.click();
  await expect(dialogo).toBeHidden();
}

test('los diálogos, sin violaciones graves, y los de lo que no se deshace empiezan en «Cancelar»', async ({ page }) => {
  // Eleven dialogs on six pages, axe on each: a minute was the whole margin on a busy machine.
  test.setTimeout(150_000);
  const borrador = await primero(page, 'facturas', { estado: 'borrador' });
  await abrir(page, `/main/facturas/${borrador}/show`);
  await revisarDialogo(page, 'una factura en borrador', 'Emitir');
  const emitida = await primero(page, 'facturas', { estado: 'emitida' });
  await abrir(page, `/main/facturas/${emitida}/show`);
  await revisarDialogo(page, 'una factura emitida', 'Anular');
  await revisarDialogo(page, 'una factura emitida', 'Rectificar');
  const pago = await primero(page, 'pagos', { estado: 'completado', facturaId: null });
  await abrir(page, `/main/pagos/${pago}/show`);
  await revisarDialogo(page, 'un pago completado', 'Reembolsar');
  await revisarDialogo(page, 'un pago completado', 'Emitir factura');
  await abrir(page, `/main/categorias/${await primero(page, 'categorias')}`);
  await revisarDialogo(page, 'el formulario de una categoría', 'Borrar');

  // A list's bulk actions, a row selected: «Borrar» cannot be undone, «Publicar» and the small
  // form of «Mover a curso…» can.
  await abrir(page, '/main/clases');
  await page.getByRole('main').getByRole('checkbox', { name: 'Seleccionar esta fila' }).first().check();
  await revisarDialogo(page, 'la lista de clases', 'Borrar');
  await revisarDialogo(page, 'la lista de clases', 'Publicar');
  await revisarDialogo(page, 'la lista de clases', 'Mover a curso…', null);

  // Publishing a curso whose clases are all borradores asks first.
  const curso = await (await page.request.post(`${API}/cursos`, { data: { titulo: `Accesible ${Date.now()}`, precio: 0 } })).json();
  await page.request.post(`${API}/cursos/${curso.id}/clases`, { data: { titulo: 'Borrador' } });
  await abrir(page, `/main/cursos/${curso.id}`);
  await choose(page, 'Estado', 'Publicado');
  await revisarDialogo(page, 'el formulario de un curso que se publica', BOTON.guardar);
});

test('el tema oscuro, sin violaciones graves', async ({ page }) => {
  // Five pages and a dialog with axe, the Informes chunk among them.
  test.setTimeout(150_000);
  await abrir(page, '/main/cursos');
  await page.getByRole('button', { name: 'Cambiar entre tema claro y oscuro' }).click();
  // Off the button: its tooltip fading in, half transparent, is no colour anyone reads.
  await liftFinger(page);
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await revisar(page, 'la lista de cursos, oscura');
  await abrir(page, `/main/cursos/${await primero(page, 'cursos')}`);
  await revisar(page, 'el formulario de un curso, oscuro');
  await abrir(page, `/main/facturas/${await primero(page, 'facturas', { estado: 'emitida' })}/show`);
  await revisar(page, 'una factura emitida, oscura');
  await revisarDialogo(page, 'una factura emitida, oscura', 'Anular');
  await abrir(page, '/main/informes');
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await revisar(page, 'informes, oscuro');
});
