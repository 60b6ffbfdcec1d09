// No page is wider than the screen (docs/arquitectura.md §5 «Uso diario»): at each size every
// section's list (with and without its filters), forms, pages and tabs fit the screen, and the
// actions an administrator came for are on it, not cut off at the right.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON } from './support/form';
import { API, listedRecords } from './support/list';
import { menuEntry, openMenu } from './support/menu';
import { LISTAS } from './support/secciones';

/** A seeded record's id, found through the API with the administrator's session. */
async function primerId(page: Page, recurso: string, where: object = {}): Promise<number> {
  const filtro = encodeURIComponent(JSON.stringify({ where, limit: 1, order: 'id ASC' }));
  const respuesta = await page.request.get(`${API}/${recurso}?filter=${filtro}`);
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  const [registro] = await respuesta.json();
  expect(registro, `ningún registro de ${recurso} con ${JSON.stringify(where)}`).toBeDefined();
  return registro.id;
}

/** The record a seeded record points at through `campo`: the usuario of a pago, the curso of a clase. */
async function referenciaDe(page: Page, recurso: string, campo: string, where: object = {}): Promise<number> {
  const respuesta = await page.request.get(`${API}/${recurso}/${await primerId(page, recurso, { ...where, [campo]: { neq: null } })}`);
  return (await respuesta.json())[campo];
}

const cursoConClases = (page: Page) => referenciaDe(page, 'clases', 'cursoId');
const usuarioDe = (page: Page, recurso: string) => referenciaDe(page, recurso, 'usuarioId');

/**
 * Waits until the page has drawn what it loads (references by name, a curso's clases), since
 * those are what widen a table, then checks that neither the document nor the body is wider
 * than the screen.
 */
async function expectFits(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const pantalla = page.viewportSize()!.width;
  const anchos = await page.evaluate(() => ({
    documento: document.documentElement.scrollWidth,
    cuerpo: document.body.scrollWidth,
    visible: document.documentElement.clientWidth,
  }));
  expect(anchos.documento, `documento más ancho que la pantalla (${JSON.stringify(anchos)})`).toBeLessThanOrEqual(
    Math.min(anchos.visible, pantalla),
  );
  expect(anchos.cuerpo, 'cuerpo más ancho que la pantalla').toBeLessThanOrEqual(pantalla);
}

/**
 * The control is shown and lies wholly between the screen's left and right edges, once it has
 * come to rest (the phone's drawer slides in from the left).
 */
async function expectOnScreen(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const pantalla = control.page().viewportSize()!.width;
  const bordes = async () => {
    const caja = (await control.boundingBox())!;
    return { izquierda: caja.x >= 0, derecha: caja.x + caja.width <= pantalla };
  };
  await expect.poll(bordes, { message: `${control} fuera de la pantalla` }).toEqual({ izquierda: true, derecha: true });
}

const boton = (page: Page, nombre: string) => page.getByRole('button', { name: nombre, exact: true });
const enlace = (page: Page, nombre: string) => page.getByRole('link', { name: nombre, exact: true });


/**
 * Every column of a table is on the screen: a page can fit while its table is cut at the right
 * edge of its box, a column (and its chips) half gone.
 */
async function expectColumnsOnScreen(page: Page): Promise<void> {
  const cabeceras = page.getByRole('columnheader');
  for (let i = 0; i < (await cabeceras.count()); i++) await expectOnScreen(cabeceras.nth(i));
}

/** The list's own actions: create, export, and the next page when there is one. */
async function expectListActions(page: Page, crear: boolean): Promise<void> {
  if (crear) await expectOnScreen(enlace(page, BOTON.crear));
  await expectOnScreen(enlace(page, 'Exportar'));
  const siguiente = page.getByRole('button', { name: /página siguiente/i });
  if (await siguiente.count()) await expectOnScreen(siguiente);
  if ((await siguiente.count()) && (await siguiente.isEnabled())) {
    // Scrolled to the end, nothing lies over it: the floating «Crear» button of a phone or
    // tablet covered the next page of a list whose rows filled the screen.
    // (Polled: a menu just closed leaves its invisible backdrop for a moment.)
    const encima = () =>
      siguiente.evaluate((boton) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const caja = boton.getBoundingClientRect();
        const elemento = document.elementFromPoint(caja.x + caja.width / 2, caja.y + caja.height / 2);
        return boton.contains(elemento) ? 'nada' : (elemento?.outerHTML.slice(0, 160) ?? 'fuera de la pantalla');
      });
    await expect.poll(encima, { message: '«Página siguiente» tapada' }).toBe('nada');
  }
}

/**
 * Shows every filter the list offers, one by one through «Añadir filtro», as an administrator
 * would. A list whose only filter is its search box has no such button.
 */
async function showAllFilters(page: Page): Promise<void> {
  const anadir = boton(page, 'Añadir filtro');
  if (!(await anadir.count())) return;
  const filtros = page.getByRole('menuitemcheckbox');
  const oculto = filtros.and(page.getByRole('menuitemcheckbox', { checked: false }));
  // Each choice closes the menu, and the new filter takes the focus (a reference's suggestions,
  // opening whenever they arrive, may lie over the button): so one filter per round, the menu
  // reopened on the button itself, until the open menu has none left to add.
  await expect(async () => {
    if (!(await filtros.count())) await anadir.dispatchEvent('click');
    await expect(filtros.first()).toBeVisible({ timeout: 2_000 });
    if (await oculto.count()) {
      await oculto.first().click({ timeout: 2_000 });
      throw new Error('quedan filtros por mostrar');
    }
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(filtros).toHaveCount(0);
  await expectOnScreen(anadir);
}

for (const { recurso, crear } of LISTAS) {
  test(`lista de ${recurso}, sin y con todos sus filtros`, async ({ page }) => {
    await page.goto(`/main/${recurso}?filter=${encodeURIComponent('{}')}&displayedFilters=${encodeURIComponent('{}')}`);
    await expect(listedRecords(page).first()).toBeVisible();
    await expectFits(page);
    await expectColumnsOnScreen(page);
    await expectListActions(page, crear);

    await showAllFilters(page);
    await expectFits(page);
    await expectListActions(page, crear);
  });
}

for (const { recurso } of LISTAS.filter((l) => l.crear)) {
  test(`alta de ${recurso}`, async ({ page }) => {
    await page.goto(`/main/${recurso}/create`);
    await expectOnScreen(boton(page, BOTON.guardar));
    await expectFits(page);
  });
}

// A seeded record of each section that has a form: its id is looked up when the test runs.
// Where that record is, and whether its form offers «Borrar», is said here when it is not the first
// record and «Borrar».
const FORMULARIO: Record<string, { where?: object; borrar?: boolean }> = {
  // Only a draft invoice has a form (RD 1619/2012).
  facturas: { where: { estado: 'borrador' } },
  // A pago is never deleted from its form.
  pagos: { borrar: false },
  // Nor an email template: there is one per kind of message, made at start.
  plantillas: { borrar: false },
};
const FORMULARIOS = LISTAS.filter((l) => l.editar).map(({ recurso }) => ({ recurso, where: FORMULARIO[recurso]?.where, borrar: FORMULARIO[recurso]?.borrar ?? true }));

for (const { recurso, where, borrar } of FORMULARIOS) {
  test(`formulario de ${recurso}`, async ({ page }) => {
    await page.goto(`/main/${recurso}/${await primerId(page, recurso, where)}`);
    await expectOnScreen(boton(page, BOTON.guardar));
    if (borrar) await expectOnScreen(boton(page, BOTON.borrar));
    await expectFits(page);
  });
}

test('pestaña «Clases del curso» del formulario de un curso', async ({ page }) => {
  await page.goto(`/main/cursos/${await cursoConClases(page)}/clases`);
  // At every size a list in its order, one line per clase, to drag into another order.
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expectOnScreen(enlace(page, 'Añadir clase'));
  await expectOnScreen(boton(page, BOTON.guardar));
  await expectFits(page);
});


// Read-only pages: each with what must be reachable on it.
const PAGINAS: { nombre: string; ruta: (page: Page) => Promise<string>; accion?: (page: Page) => Locator }[] = [
  {
    nombre: 'página de un curso con sus clases',
    ruta: async (page) => `cursos/${await cursoConClases(page)}/show`,
    accion: (page) => enlace(page, 'Añadir clase'),
  },
  {
    nombre: 'ficha de un usuario con pagos',
    ruta: async (page) => `usuarios/${await usuarioDe(page, 'pagos')}/show`,
    accion: (page) => enlace(page, BOTON.editar),
  },
  {
    nombre: 'pestaña «Pagos» de un usuario',
    ruta: async (page) => `usuarios/${await usuarioDe(page, 'pagos')}/show/pagos`,
    accion: (page) => enlace(page, BOTON.editar),
  },
  {
    nombre: 'pestaña «Facturas» de un usuario',
    ruta: async (page) => `usuarios/${await usuarioDe(page, 'facturas')}/show/facturas`,
    accion: (page) => enlace(page, BOTON.editar),
  },
  {
    nombre: 'pestaña «Clases privadas» de un usuario',
    ruta: async (page) => `usuarios/${await usuarioDe(page, 'clases')}/show/clases`,
    accion: (page) => enlace(page, 'Añadir clase privada'),
  },
  {
    // Its actions, the last of them the one a narrow toolbar would push off; and its QR and huellas.
    nombre: 'página de una factura emitida',
    ruta: async (page) => `facturas/${await primerId(page, 'facturas', { estado: 'emitida' })}/show`,
    accion: (page) => boton(page, 'Anular'),
  },
  {
    nombre: 'página de un borrador',
    ruta: async (page) => `facturas/${await primerId(page, 'facturas', { estado: 'borrador' })}/show`,
    accion: (page) => boton(page, 'Emitir'),
  },
  {
    nombre: 'página de un pago completado sin factura',
    ruta: async (page) => `pagos/${await primerId(page, 'pagos', { estado: 'completado', facturaId: null })}/show`,
    accion: (page) => boton(page, 'Reembolsar'),
  },
  {
    nombre: 'página de un pago',
    ruta: async (page) => `pagos/${await primerId(page, 'pagos')}/show`,
    accion: (page) => enlace(page, BOTON.editar),
  },
  { nombre: 'página de una entrada de actividad', ruta: async (page) => `logs/${await primerId(page, 'logs')}/show` },
  { nombre: 'Informes', ruta: async () => 'informes' },
];


for (const { nombre, ruta, accion } of PAGINAS) {
  test(nombre, async ({ page }) => {
    await page.goto(`/main/${await ruta(page)}`);
    await expect(page.getByRole('main')).not.toBeEmpty();
    if (accion) await expectOnScreen(accion(page));
    await expectFits(page);
  });
}

test('el menú y la barra superior caben', async ({ page }) => {
  await page.goto('/main/clases');
  await expectOnScreen(page.getByRole('button', { name: 'Perfil' }));
  await openMenu(page);
  await expectOnScreen(menuEntry(page, 'Salir'));
  await expectFits(page);
});
