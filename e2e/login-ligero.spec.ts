// /login opens at once: what it downloads is React and the login's own code, never
// MUI, react-admin or the router, per the build's own record of which modules each chunk holds;
// the admin's chunk comes once the administrator starts typing.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, entrarButton, passwordField, usuarioField } from './support/login';

const DIST = 'dist/admin';
const manifest: Record<string, { file: string }> = JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8'));
/** {chunk file: packages and admin source files bundled in it}, written by the build (admin/vite.config.ts). */
const modulos: Record<string, string[]> = JSON.parse(readFileSync(`${DIST}/.vite/modulos.json`, 'utf8'));
const PESADOS = /^(@mui\/|@emotion\/|react-admin$|ra-|react-router)/;
const chunkDelAdmin = manifest['src/arranque.tsx'].file;

/** The scripts the page has asked for so far, as chunk files (assets/…). */
const scripts = (page: Page) => {
  const pedidos: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) pedidos.push(pathname.slice(1));
  });
  return pedidos;
};

test('la build separa el admin: su chunk lleva react-admin y MUI', () => {
  expect(modulos[chunkDelAdmin]).toEqual(expect.arrayContaining(['react-admin', '@mui/material', 'admin/src/AdminApp.tsx']));
});

test('/login descarga React y la pantalla de acceso, sin MUI ni react-admin, hasta que se escribe', async ({ page }) => {
  const pedidos = scripts(page);
  await page.goto('/login');
  await expect(entrarButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(pedidos.length).toBeGreaterThan(0);
  expect(pedidos).not.toContain(chunkDelAdmin);
  for (const chunk of pedidos) {
    expect(modulos[chunk], chunk).toBeDefined();
    expect(modulos[chunk].filter((m) => PESADOS.test(m)), chunk).toEqual([]);
  }
  expect(pedidos.flatMap((chunk) => modulos[chunk])).toEqual(expect.arrayContaining(['react-dom', 'admin/src/login/Login.tsx']));

  // Typing is the moment to fetch the admin, so «Entrar» finds it already there.
  const admin = page.waitForRequest((request) => request.url().endsWith(chunkDelAdmin));
  await usuarioField(page).pressSequentially('ad');
  await admin;
  await usuarioField(page).fill(ADMIN.usuario);
  await passwordField(page).fill(ADMIN.pass);
  await entrarButton(page).click();
  await expect(page).toHaveURL(/\/main\/clases$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
});

test('con sesión, /login muestra la pantalla ligera y / abre el admin', async ({ page }) => {
  await page.goto('/login');
  await usuarioField(page).fill(ADMIN.usuario);
  await passwordField(page).fill(ADMIN.pass);
  await entrarButton(page).click();
  await expect(page).toHaveURL(/\/main\/clases$/);

  const pedidos = scripts(page);
  await page.goto('/login');
  await expect(usuarioField(page)).toHaveValue('');
  await page.waitForLoadState('networkidle');
  expect(pedidos).not.toContain(chunkDelAdmin);

  await page.goto('/');
  await expect(page).toHaveURL(/\/main\/clases$/);
});
