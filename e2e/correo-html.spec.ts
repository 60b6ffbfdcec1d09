// Issue 34, point 3: every message's HTML part as a mail client lays it out, in Chromium: at the
// 600 px a desktop client gives a message and at a phone's 320 px, nothing runs wider than the
// window, the text reads, and the academy's fiscal data is at its foot. The widths are the
// test's own, not the project's.
import { expect, test } from './support/fixtures';
import { API } from './support/list';

test('cada plantilla cabe en 600 px y en 320 px', async ({ page }) => {
  const ajustes = await (await page.request.get(`${API}/correo/ajustes`)).json();
  const plantillas = (await (await page.request.get(`${API}/plantillas`)).json()) as { clave: string; asunto: string; html: string; texto: string }[];
  expect(plantillas.map((p) => p.clave).sort()).toEqual(Object.keys(ajustes.tipos).sort());
  for (const p of plantillas) {
    const vista = await page.request.post(`${API}/plantillas/vista`, { data: { clave: p.clave, asunto: p.asunto, html: p.html, texto: p.texto } });
    expect(vista.ok(), p.clave).toBe(true);
    const { html } = await vista.json();
    for (const ancho of [600, 320]) {
      await page.setViewportSize({ width: ancho, height: 900 });
      await page.setContent(html);
      const medida = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, ancho: window.innerWidth, texto: document.body.innerText }));
      expect(medida.scroll, `${p.clave} a ${ancho} px`).toBeLessThanOrEqual(medida.ancho);
      expect(medida.texto).toContain('Hola');
      expect(medida.texto).toMatch(/NIF B00000000/);
    }
  }
});
