// react-admin's light and dark themes with Material UI's Spanish texts: the aria-labels and
// captions MUI writes itself (pagination arrows, autocomplete buttons) are not in react-admin's
// catalogue, so without this a phone's list would say «Go to next page».
import { esES } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// react-admin's bulk toolbar is one 48 px line over the list; with a list's several actions
// («Publicar», «Despublicar», «Mover a curso…», «Borrar») it ran off a phone's and a tablet's
// screen. Here it wraps onto as many lines as it needs, growing upwards over the list's toolbar.
const barraDeSeleccion = {
  RaBulkActionsToolbar: {
    styleOverrides: {
      root: {
        '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
          height: 'auto',
          flexWrap: 'wrap',
          transform: 'translateY(-100%)',
        },
        '& .RaBulkActionsToolbar-title': { flexWrap: 'wrap', minWidth: 0 },
        '& .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap', marginLeft: 'auto' },
      },
    },
  },
};

const enEspanol = (tema: RaThemeOptions): RaThemeOptions =>
  deepmerge(tema, { components: { ...esES.components, ...barraDeSeleccion } });

export const temaClaro = enEspanol(defaultLightTheme);
export const temaOscuro = enEspanol(defaultDarkTheme);
