// Facturación as an administrator uses it (docs/arquitectura.md §11), against the real API: a
// draft issued after a confirmation, its PDF, QR and VeriFactu record, a partial rectificativa, the
// customer's address corrected by a substitute invoice, an anulación, and a completed pago
// invoiced and refunded in two parts through the «Reembolsar» dialog — at every screen size.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, input, pickFirst, save } from './support/form';
import { API } from './support/list';
import { revisar } from './support/axe';
import { ADMIN, loginThroughForm } from './support/login';

const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;

type Factura = { id: number; serie: string; numero: number; estado: string };

/** The API with the administrator's session, as the admin calls it. */
async function api<T>(page: Page, path: string, init?: { method: string; body?: unknown }): Promise<T> {
  const respuesta = await page.request.fetch(`${API}${path}`, { method: init?.method ?? 'GET', data: init?.body });
  expect(respuesta.ok(), await respuesta.text()).toBe(true);
  return (respuesta.status() === 204 ? null : await respuesta.json()) as T;
}

const accion = (page: Page, camino: RegExp): Promise<Response> =>
  page.waitForResponse((r) => r.request().method() === 'POST' && camino.test(new URL(r.url()).pathname));

const boton = (page: Page, nombre: string) => page.getByRole('button', { name: nombre, exact: true });
const titulo = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });

/** Clicks an action and confirms it in its dialog, which says it cannot be undone. */
async function confirmar(page: Page, nombre: string): Promise<void> {
  await boton(page, nombre).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('no se puede deshacer');
  await dialogo.getByRole('button', { name: BOTON.confirmar }).click();
}

/** A complete draft (F1) written through the API, for the tests that start from an issued invoice. */
async function borradorPorApi(page: Page, concepto: string): Promise<Factura> {
  const [usuario] = await api<{ id: number }[]>(page, `/usuarios?filter=${encodeURIComponent('{"limit":1}')}`);
  return api<Factura>(page, '/facturas', {
    method: 'POST',
    body: { usuarioId: usuario.id, clienteNombre: 'Cliente e2e', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1, 28013 Madrid', concepto, base: 10000, tipoIva: 21 },
  });
}

test('un borrador se emite, se descarga en PDF, enseña su QR y su huella, y se rectifica en parte', async ({ page }) => {
  const concepto = unico('Factura emitida e2e');
  await page.goto('/main/facturas/create');
  // The form offers nothing the emission sets.
  await expect(page.getByLabel(/^Número/)).toHaveCount(0);
  await pickFirst(page, 'Usuario');
  await input(page, 'Nombre del cliente').fill('Cliente e2e');
  await input(page, 'NIF del cliente').fill('12345678Z');
  await input(page, 'Dirección del cliente').fill('Calle Mayor 1, 28013 Madrid');
  await input(page, 'Concepto').fill(concepto);
  await input(page, 'Base imponible').fill('100');
  await save(page, 'facturas');
  await expect(page).toHaveURL(/\/main\/facturas\/\d+\/show$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Borrador', { exact: true })).toBeVisible();

  const emitida = accion(page, /^\/facturas\/\d+\/emitir$/);
  await confirmar(page, 'Emitir');
  const factura = (await (await emitida).json()) as Factura;
  const numero = `${factura.serie}-${factura.numero}`;
  await expect(titulo(page)).toHaveText(`Factura ${numero}`);
  await expect(main.getByText('Emitida', { exact: true })).toBeVisible();
  await expect(main).toContainText('F1 · Factura completa');
  await expect(boton(page, 'Emitir')).toHaveCount(0);
  await expect(page.getByRole('link', { name: BOTON.editar })).toHaveCount(0);

  // The PDF: a download of the API's file, with the session.
  const pdf = page.getByRole('link', { name: 'Descargar PDF' });
  const respuesta = await page.request.get((await pdf.getAttribute('href'))!);
  expect(respuesta.headers()['content-type']).toContain('application/pdf');
  expect((await respuesta.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  const descarga = page.waitForEvent('download');
  await pdf.click();
  expect((await descarga).suggestedFilename()).toBe(`factura-${numero}.pdf`);

  // The AEAT QR, drawn by the API (loaded: it has a size), and the record's huella.
  const qr = page.getByRole('img', { name: new RegExp(`QR tributario de la factura ${numero}`) });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The browser suite's server runs with VERIFACTU=desactivado (the default outside production):
  // the invoice claims no verifiability and its state says it is not sent.
  // The invoice's state and its record's.
  await expect(main.getByText('No se remite', { exact: true })).toHaveCount(2);
  await expect(main).not.toContainText('Factura verificable');
  await expect(main).not.toContainText('VERI*FACTU');
  const [registro] = await api<{ huella: string; huellaAnterior: string | null }[]>(
    page,
    `/registros?filter=${encodeURIComponent(JSON.stringify({ where: { facturaId: factura.id } }))}`,
  );
  await expect(main).toContainText(registro.huella);
  if (registro.huellaAnterior) await expect(main).toContainText(registro.huellaAnterior);

  // A partial rectificativa: 25,50 € less of base, in the rectificativas serie.
  await boton(page, 'Rectificar').click();
  const dialogo = page.getByRole('dialog');
  await dialogo.getByLabel(/^Corregir importes/).check();
  await dialogo.getByRole('combobox', { name: /^Motivo/ }).click();
  await page.getByRole('option', { name: /^R1 · / }).click();
  await dialogo.getByLabel(/^Descripción/).fill('Descuento no aplicado');
  await dialogo.getByLabel('Restar de la base imponible').check();
  await dialogo.getByLabel(/^Diferencia de base/).fill('25,50');
  const rectificada = accion(page, /^\/facturas\/\d+\/rectificar$/);
  await dialogo.getByRole('button', { name: 'Rectificar' }).click();
  const rectificativa = (await (await rectificada).json()) as Factura;
  expect(rectificativa.serie).toBe('R');
  await expect(page).toHaveURL(new RegExp(`/main/facturas/${rectificativa.id}/show$`));
  await expect(titulo(page)).toHaveText(`Factura R-${rectificativa.numero}`);
  await expect(main).toContainText('R1 · Rectificativa por error fundado en derecho');
  await expect(main).toContainText(/-30,86\s€/);
  // Linked to the invoice it rectifies, which lists it.
  await main.getByRole('link', { name: numero, exact: true }).click();
  await expect(titulo(page)).toHaveText(`Factura ${numero}`);
  await expect(main).toContainText(`R-${rectificativa.numero}`);
});

test('la dirección mal escrita de una factura se corrige con una factura que la sustituye, y a la que pasa su pago', async ({ page }) => {
  const referencia = unico('Pago con dirección corregida e2e');
  const [usuario] = await api<{ id: number }[]>(page, `/usuarios?filter=${encodeURIComponent('{"where":{"nif":{"neq":null},"direccion":{"neq":null}},"limit":1}')}`);
  const pago = await api<{ id: number }>(page, '/pagos', {
    method: 'POST',
    body: { usuarioId: usuario.id, importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: new Date().toISOString(), referencia },
  });
  const factura = await api<Factura & { clienteDireccion: string }>(page, `/pagos/${pago.id}/facturar`, { method: 'POST', body: {} });
  const numero = `${factura.serie}-${factura.numero}`;
  await page.goto(`/main/facturas/${factura.id}/show`);
  await expect(titulo(page)).toHaveText(`Factura ${numero}`);

  await boton(page, 'Rectificar').click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('El nombre, el NIF o la dirección están mal');
  await dialogo.getByLabel(/^Corregir datos del cliente/).check();
  // It starts from the customer as the invoice names them.
  const direccion = dialogo.getByLabel(/^Dirección del cliente/);
  await expect(direccion).toHaveValue(factura.clienteDireccion);
  // A NIF with a wrong letter: the server's reason under the field, and the dialog stays.
  const nif = dialogo.getByLabel(/^NIF del cliente/);
  const nifBueno = await nif.inputValue();
  await nif.fill('12345678A');
  await direccion.fill('Calle del Prado 20, 2.º A, 28014 Madrid');
  await dialogo.getByLabel(/^Descripción/).fill('Dirección mal escrita');
  const refusal = accion(page, /^\/facturas\/\d+\/rectificar$/);
  await dialogo.getByRole('button', { name: 'Rectificar' }).click();
  expect((await refusal).status()).toBe(422);
  await expect(dialogo).toContainText('El NIF «12345678A» no es válido');
  await nif.fill(nifBueno);
  const sustituida = accion(page, /^\/facturas\/\d+\/rectificar$/);
  await dialogo.getByRole('button', { name: 'Rectificar' }).click();
  const sustituta = (await (await sustituida).json()) as Factura;
  await expect(page).toHaveURL(new RegExp(`/main/facturas/${sustituta.id}/show$`));
  const main = page.getByRole('main');
  await expect(main).toContainText('Calle del Prado 20, 2.º A, 28014 Madrid');
  await expect(main).toContainText('Por sustitución');
  // The pago now names the substitute; the original is without effect: «Sustituida por» it, a link,
  // where its estado was, and nothing left to rectify or anular.
  await main.getByRole('link', { name: numero, exact: true }).click();
  await expect(titulo(page)).toHaveText(`Factura ${numero}`);
  await expect(boton(page, 'Rectificar')).toHaveCount(0);
  await expect(boton(page, 'Anular')).toHaveCount(0);
  await main.getByRole('link', { name: `Sustituida por R-${sustituta.numero}` }).click();
  await expect(titulo(page)).toHaveText(`Factura R-${sustituta.numero}`);
  // In the list too: the original reads «Sustituida por», the substitute «Pagada».
  await page.goto('/main/facturas');
  await expect(page.getByRole('main').getByText(`Sustituida por R-${sustituta.numero}`).first()).toBeVisible();
  await page.goto(`/main/pagos/${pago.id}/show`);
  await expect(page.getByRole('main').getByRole('link', { name: `R-${sustituta.numero}`, exact: true })).toBeVisible();
});

test('el QR de una factura se ve con el admin abierto en 127.0.0.1, que para el navegador es otro sitio que el de la API', async ({ page, browser, baseURL }) => {
  const borrador = await borradorPorApi(page, unico('Factura con QR e2e'));
  const factura = await api<Factura>(page, `/facturas/${borrador.id}/emitir`, { method: 'POST', body: {} });
  const numero = `${factura.serie}-${factura.numero}`;
  // Another origin the README's CORS_ORIGINS allows; Chromium does not count two ports of an IP as one site.
  const contexto = await browser.newContext({ baseURL: baseURL!.replace('localhost', '127.0.0.1'), locale: 'es-ES' });
  try {
    const otra = await contexto.newPage();
    await loginThroughForm(otra, ADMIN.usuario, ADMIN.pass);
    await otra.waitForURL(/\/main/);
    await otra.goto(`/main/facturas/${factura.id}/show`);
    const qr = otra.getByRole('img', { name: new RegExp(`QR tributario de la factura ${numero}`) });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await contexto.close();
  }
});

test('una factura emitida por error se anula', async ({ page }) => {
  const borrador = await borradorPorApi(page, unico('Factura anulada e2e'));
  const factura = await api<Factura>(page, `/facturas/${borrador.id}/emitir`, { method: 'POST', body: {} });
  await page.goto(`/main/facturas/${factura.id}/show`);
  await expect(titulo(page)).toHaveText(`Factura ${factura.serie}-${factura.numero}`);
  const anulada = accion(page, /^\/facturas\/\d+\/anular$/);
  await confirmar(page, 'Anular');
  expect((await anulada).status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByText('Anulada', { exact: true })).toBeVisible();
  // Its record of anulación follows its alta.
  await expect(main.getByText('Anulación', { exact: true })).toBeVisible();
  await expect(boton(page, 'Anular')).toHaveCount(0);
  await expect(boton(page, 'Rectificar')).toHaveCount(0);
});

test('un pago completado se factura y se reembolsa en dos partes, cada una con su rectificativa', async ({ page }) => {
  const referencia = unico('Pago facturado e2e');
  await page.goto('/main/pagos/create');
  await pickFirst(page, 'Usuario');
  await input(page, 'Importe').fill('60,50');
  await page.getByRole('combobox', { name: /^Método/ }).click();
  await page.getByRole('option', { name: 'Bizum', exact: true }).click();
  // A new pago is only pendiente or completado.
  await page.getByRole('combobox', { name: /^Estado/ }).click();
  await expect(page.getByRole('option')).toHaveText(['Pendiente', 'Completado']);
  await page.getByRole('option', { name: 'Completado', exact: true }).click();
  await input(page, 'Referencia').fill(referencia);
  await save(page, 'pagos');
  await expect(page).toHaveURL(/\/main\/pagos\/\d+\/show$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Completado', { exact: true })).toBeVisible();

  const facturada = accion(page, /^\/pagos\/\d+\/facturar$/);
  await confirmar(page, 'Emitir factura');
  const factura = (await (await facturada).json()) as Factura;
  const numero = `${factura.serie}-${factura.numero}`;
  await expect(main.getByRole('link', { name: numero, exact: true })).toBeVisible();
  await expect(boton(page, 'Emitir factura')).toHaveCount(0);

  // A part first: the amount starts at what is left; more than that is stopped before sending it.
  await boton(page, 'Reembolsar').click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('no se puede deshacer');
  const importe = dialogo.getByLabel(/^Importe a devolver/);
  await expect(importe).toHaveValue('60,50');
  await importe.fill('70');
  await dialogo.getByLabel(/^Motivo/).fill('Dos clases sin ver');
  await dialogo.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(dialogo).toContainText('Como mucho 60,50 €, lo que queda por devolver');
  await importe.fill('20,50');
  const parcial = accion(page, /^\/pagos\/\d+\/reembolsar$/);
  await dialogo.getByRole('button', { name: 'Reembolsar' }).click();
  expect((await parcial).status()).toBe(200);
  await expect(dialogo).toBeHidden();
  await expect(main.getByText('Reembolsado en parte', { exact: true })).toBeVisible();
  await expect(main).toContainText('Dos clases sin ver');
  const [primera] = await api<Factura[]>(page, `/facturas?filter=${encodeURIComponent(JSON.stringify({ where: { rectificaId: factura.id } }))}`);
  await expect(main.getByRole('link', { name: `R-${primera.numero}`, exact: true })).toBeVisible();

  // The first rectificativa tells the student what went back, not the reason.
  expect(primera).toMatchObject({ motivoRectificacion: 'Devolución de 20,50\u00a0€ del importe pagado' });

  // Then the rest: the pago is refunded whole, with a text for the student this time; the
  // dialog says which of the two the student reads.
  await boton(page, 'Reembolsar').click();
  await expect(dialogo).toContainText('Ya se han devuelto 20,50 €; quedan 40,00 €.');
  await expect(importe).toHaveValue('40,00');
  await expect(dialogo).toContainText('No lo ve el alumno');
  await revisar(page, 'el diálogo «Reembolsar» de un pago facturado', '[role="dialog"]');
  await dialogo.getByLabel(/^Motivo/).fill('Baja del curso');
  await dialogo.getByLabel(/^Texto para el alumno/).fill('Baja a petición del alumno');
  const resto = accion(page, /^\/pagos\/\d+\/reembolsar$/);
  await dialogo.getByRole('button', { name: 'Reembolsar' }).click();
  expect((await resto).status()).toBe(200);
  await expect(main.getByText('Reembolsado', { exact: true })).toBeVisible();
  await expect(main).toContainText(/Fecha de reembolso\s*\d{2}\/\d{2}\/\d{4}/);
  await expect(boton(page, 'Reembolsar')).toHaveCount(0);

  const rectificativas = await api<(Factura & { motivoRectificacion: string })[]>(page, `/facturas?filter=${encodeURIComponent(JSON.stringify({ where: { rectificaId: factura.id }, order: 'id ASC' }))}`);
  expect(rectificativas).toHaveLength(2);
  expect(rectificativas[1].motivoRectificacion).toBe('Baja a petición del alumno');
  await main.getByRole('link', { name: numero, exact: true }).click();
  await expect(titulo(page)).toHaveText(`Factura ${numero}`);
  for (const r of rectificativas) await expect(main).toContainText(`R-${r.numero}`);
  await expect(main.getByRole('link', { name: `Rectificada: R-${rectificativas[1].numero}` })).toBeVisible();
});

test('un pago cobrado y facturado no se borra: ni la lista ni su formulario ofrecen «Borrar», y el formulario dice por qué', async ({ page }) => {
  const referencia = unico('Pago contable e2e');
  const [usuario] = await api<{ id: number }[]>(page, `/usuarios?filter=${encodeURIComponent('{"where":{"nif":{"neq":null},"direccion":{"neq":null}},"limit":1}')}`);
  // Paid 29 days ago and invoiced today: its invoice says when the operation was.
  const fecha = new Date(Date.now() - 29 * 86_400_000);
  const pago = await api<{ id: number }>(page, '/pagos', { method: 'POST', body: { usuarioId: usuario.id, importe: 4900, metodo: 'transferencia', estado: 'completado', fecha: fecha.toISOString(), referencia } });
  const factura = await api<Factura>(page, `/pagos/${pago.id}/facturar`, { method: 'POST', body: {} });
  const main = page.getByRole('main');

  if (test.info().project.name === 'escritorio') {
    await page.goto(`/main/pagos?filter=${encodeURIComponent(JSON.stringify({ q: referencia }))}`);
    // It cannot be chosen for the bulk «Borrar».
    await expect(main.getByRole('row').filter({ hasText: referencia }).getByRole('checkbox')).toBeDisabled();
  }
  await page.goto(`/main/pagos/${pago.id}`);
  await expect(main.getByText('Este pago es un registro contable y no se borra.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Borrar', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await revisar(page, 'el formulario de un pago facturado');
  // Nor does the API: the pago is there, with its invoice.
  const borrado = await page.request.delete(`${API}/pagos/${pago.id}`);
  expect(borrado.status()).toBe(409);

  await page.goto(`/main/facturas/${factura.id}/show`);
  const dia = fecha.toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' });
  await expect(main).toContainText(new RegExp(`Fecha de operación\\s*${dia}`));
});
