// Who a history row says made a change: a person by name, the shop by its token's name, the
// server's own work as Aula's (docs/arquitectura.md §17).
import { expect, it } from 'vitest';
import { quienDe } from '../../../src/common/versiones/valorLegible';
import { i18nProvider } from '../../../src/providers/i18n';

const translate = (clave: string, opciones?: Record<string, unknown>) => i18nProvider.translate(clave, opciones);

it('names the account, the API token or Aula itself', () => {
  expect(quienDe({ login: { nombre: 'Ana Gómez', usuario: 'ana' } }, translate)).toBe('Ana Gómez');
  expect(quienDe({ login: { nombre: null, usuario: 'ana' } }, translate)).toBe('ana');
  expect(quienDe({ login: null, token: { nombre: 'Tienda web' } }, translate)).toBe('Tienda web (token)');
  expect(quienDe({ login: null, token: null }, translate)).toBe('Aula, automáticamente');
});
