// One complete Spanish catalogue (docs/arquitectura.md §5): every text react-admin can show has a Spanish
// version that keeps its placeholders and plural forms.
import englishMessages from 'ra-language-english';
import { es } from '../../../src/providers/i18n/es';
import { i18nProvider } from '../../../src/providers/i18n';

type Arbol = { [key: string]: string | Arbol };

const hojas = (arbol: Arbol, prefijo = ''): [string, string][] =>
  Object.entries(arbol).flatMap(([clave, valor]) =>
    typeof valor === 'string' ? [[`${prefijo}${clave}`, valor]] : hojas(valor, `${prefijo}${clave}.`),
  );

const ingles = new Map(hojas(englishMessages as unknown as Arbol));
const espanol = new Map(hojas(es as unknown as Arbol));

// The same in both languages and right in Spanish.
const IGUALES_PERMITIDOS = new Set(['No', 'Inspector']);
const placeholders = (texto: string) => (texto.match(/%\{\w+\}/g) ?? []).sort();
const tieneLetras = (texto: string) => /\p{L}/u.test(texto.replace(/%\{\w+\}/g, ''));

it('has every key of the English catalogue', () => {
  const faltan = [...ingles.keys()].filter((clave) => !espanol.has(clave));
  expect(faltan).toEqual([]);
});

it('leaves no English sentence untranslated', () => {
  const sinTraducir = [...ingles]
    .filter(([clave, texto]) => espanol.get(clave) === texto && tieneLetras(texto) && !IGUALES_PERMITIDOS.has(texto))
    .map(([clave]) => clave);
  expect(sinTraducir).toEqual([]);
});

it('keeps the placeholders and the plural forms of every text', () => {
  const distintos = [...ingles]
    .filter(([clave, texto]) => {
      const traducido = espanol.get(clave) ?? '';
      return (
        placeholders(traducido).join() !== placeholders(texto).join() ||
        traducido.split('||||').length !== texto.split('||||').length
      );
    })
    .map(([clave]) => clave);
  expect(distintos).toEqual([]);
});

it("holds the resources' names and the shell's texts", () => {
  expect(i18nProvider.translate('resources.clases.name', { smart_count: 2 })).toBe('Clases');
  expect(i18nProvider.translate('aula.menu.facturacion')).toBe('Facturación');
  expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe(
    '1-10 de 42',
  );
  expect(i18nProvider.getLocale()).toBe('es');
});
