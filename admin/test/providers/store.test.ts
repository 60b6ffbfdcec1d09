// «Salir» empties react-admin's store; the theme chosen on this browser must outlive it.
import { localStorageStore } from 'react-admin';
import { storeConPreferencias } from '../../src/providers/store';

afterEach(() => localStorage.clear());

it('a reset forgets the session’s filters but keeps the dark theme', () => {
  const store = storeConPreferencias(localStorageStore());
  store.setup();
  store.setItem('theme', 'dark');
  store.setItem('pagos.listParams', { filter: { estado: 'pendiente' } });

  store.reset();

  expect(store.getItem('theme')).toBe('dark');
  expect(store.getItem('pagos.listParams')).toBeUndefined();
  // What a fresh page load reads back from the browser.
  expect(localStorageStore().getItem('theme')).toBe('dark');
});

it('a reset with no theme chosen leaves none', () => {
  const store = storeConPreferencias(localStorageStore());
  store.setup();
  store.reset();
  expect(store.getItem('theme')).toBeUndefined();
});
