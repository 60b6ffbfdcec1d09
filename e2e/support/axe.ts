// axe on what a page shows, once it is still (accesible.spec.ts, roles.spec.ts): each critical,
// serious or moderate violation recorded with its rule, impact, what it asks, why and where. Only the
// minor ones pass: a page with no level-one heading (`page-has-heading-one`), headings that skip a
// level (`heading-order`) or content outside the landmarks (`region`) are moderate, and fail.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

type Violacion = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const GRAVES = new Set(['critical', 'serious', 'moderate']);

/**
 * Rules axe 4.13 still calls experimental and leaves off, asked for by name: a button whose name
 * does not hold the text it shows (WCAG 2.5.3; the user menu's, which shows the account's name)
 * is what a person using voice control cannot name. Later versions of axe run it by default.
 */
const TAMBIEN = { 'label-content-name-mismatch': { enabled: true } };

/**
 * A tooltip is not page content outside the landmarks (`region`): MUI draws it at the end of the
 * body, by construction outside every landmark, where the pointer last rested (the collapsed
 * menu's entry just clicked, on a tablet), and its anchor names it to a screen reader
 * (aria-label or aria-describedby). Every other rule still checks it.
 */
const sinTooltips = (v: Violacion): Violacion =>
  v.id === 'region' ? { ...v, nodes: v.nodes.filter((n) => !/^<div[^>]* role="tooltip"/.test(n.html)) } : v;

/** One line per violation: the rule, how grave, what it asks, why (its first case) and where. */
const describir = (v: Violacion) => {
  const por = (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
  const donde = v.nodes.slice(0, 4).map((n) => n.target.join(' '));
  if (v.nodes.length > 4) donde.push(`…y ${v.nodes.length - 4} más`);
  return `${v.id} (${v.impact}): ${v.help}${por ? ` [${por}]` : ''} — ${donde.join(' | ')}`;
};

/**
 * Runs axe on what the page shows now (or only inside `dentro`) and records, without stopping the
 * test, each critical, serious or moderate violation: the other pages of the same test are still checked.
 */
export async function revisar(page: Page, donde: string, dentro?: string): Promise<void> {
  // Only the violations are wanted: collecting every rule's passes would double axe's time.
  // An email's HTML (correos/VistaHtml.tsx) is the message's, not the admin's, shown in a frame
  // that runs nothing (`sandbox=""`): axe cannot run inside it either, and waiting for it there
  // hung the whole check. Left out, frame and all; its title is asserted by correo.spec.ts.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules: TAMBIEN }).exclude('iframe[sandbox]');
  if (dentro) axe.include(dentro);
  const { violations } = await axe.analyze();
  const graves = violations.map(sinTooltips).filter((v) => v.nodes.length && GRAVES.has(v.impact ?? ''));
  await test.info().attach(`axe: ${donde}`, {
    contentType: 'application/json',
    body: JSON.stringify(graves.map((v) => ({ id: v.id, impact: v.impact, nodos: v.nodes.length }))),
  });
  expect.soft(graves.map(describir), `axe en ${donde}`).toEqual([]);
}

/**
 * Waits for the page (or the part `dentro`) to be still, as someone reading it sees it: for a quarter of a second
 * nothing loading (react-admin's spinner turns while any request is out, a lazy page shows one
 * while its code arrives) and no transition half done (a row fading in is paler than it will
 * be, and axe would measure that). Cheaper than waiting for the network to be idle.
 */
export async function quieta(page: Page, dentro = 'body'): Promise<void> {
  await page.waitForFunction(
    ([vez, dentro]) => {
      const w = window as unknown as { __quieta?: { vez: number; desde: number } };
      const ocupada =
        document.querySelector(dentro)?.querySelector('[role="progressbar"], .MuiSkeleton-root') ||
        document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (ocupada || w.__quieta?.vez !== vez) w.__quieta = { vez, desde: performance.now() };
      return !ocupada && performance.now() - w.__quieta.desde >= 250;
    },
    [Math.random(), dentro] as const,
    { polling: 50 },
  );
}

/**
 * Opens a page and waits for it: its own part drawn (react-admin shows nothing for a second
 * while a section's code arrives), then still.
 */
export async function abrir(page: Page, ruta: string): Promise<void> {
  await page.goto(ruta);
  const pagina = '.RaList-main, .RaCreate-main, .RaEdit-main, .RaShow-main, section, h1, h2';
  await expect(page.getByRole('main').locator(pagina).first()).toBeVisible();
  await quieta(page);
}
