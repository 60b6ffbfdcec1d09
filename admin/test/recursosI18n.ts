// A translator for component tests built from the resource texts, so tests assert the same
// Spanish the administrator reads. react-admin's own texts come from the English catalogue
// installed for tests; assertions never depend on them.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { correo } from '../src/providers/i18n/correo';
import { historial } from '../src/providers/i18n/historial';
import { informes } from '../src/providers/i18n/informes';
import { aulaRecursos, recursos } from '../src/providers/i18n/recursos';
import { verifactu } from '../src/providers/i18n/verifactu';

export const recursosI18n = polyglotI18nProvider(
  () => ({ ...englishMessages, resources: recursos, aula: { ...aulaRecursos, correo, historial, informes, verifactu } }),
  'es',
  { allowMissing: true },
);
