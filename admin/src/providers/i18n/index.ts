import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from './es';

// Spanish only: no language switcher, so no locales list.
export const i18nProvider = polyglotI18nProvider(() => es, 'es');
