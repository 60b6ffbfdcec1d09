// One sign-in per worker, reused by every test through storageState: logging in through the
// form for each test would spend most of the suite's time on the login screen, which
// login.spec.ts covers on its own.
import { test as base, expect } from '@playwright/test';
import { ADMIN, loginThroughForm } from './login';

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

export const test = base.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
      await expect(page).toHaveURL(/\/main\/clases/);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
});

export { expect };
