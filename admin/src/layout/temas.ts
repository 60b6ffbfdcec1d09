// react-admin's light and dark themes with Material UI's Spanish texts: the aria-labels and
// captions MUI writes itself (pagination arrows, autocomplete buttons) are not in react-admin's
// catalogue, so without this a phone's list would say «Go to next page».
import { esES } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const enEspanol = (tema: RaThemeOptions): RaThemeOptions => deepmerge(tema, { components: esES.components });

export const temaClaro = enEspanol(defaultLightTheme);
export const temaOscuro = enEspanol(defaultDarkTheme);
