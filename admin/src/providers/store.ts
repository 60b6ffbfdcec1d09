// react-admin's store (localStorage) empties itself at «Salir» so that the next administrator on
// the same browser inherits no filters or selections; a look chosen for this browser is not
// theirs to lose, so it outlives the reset.
import { localStorageStore, type Store } from 'react-admin';

/** Store keys that describe the browser, not the session. */
export const PREFERENCIAS = ['theme'];

export function storeConPreferencias(base: Store = localStorageStore()): Store {
  return {
    ...base,
    reset() {
      const guardadas = PREFERENCIAS.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of guardadas) if (value !== undefined) base.setItem(key, value);
    },
  };
}

export const store = storeConPreferencias();
