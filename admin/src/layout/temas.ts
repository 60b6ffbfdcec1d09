// react-admin's light and dark themes, kept to the screen's width and with Material UI's
// Spanish texts.
import { esES } from '@mui/material/locale';
import type { Theme } from '@mui/material';
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

/**
 * No page wider than the screen (DESIGN §5). react-admin lets its layout grow to fit its widest
 * content (`min-width: fit-content`), so one wide table widened the whole page and pushed the
 * app bar's and the list's buttons off the right edge. Here the layout keeps the screen's
 * width; lists choose fewer columns where the screen is narrow (ResponsiveList), and a table
 * that is still too wide scrolls inside its own box instead of being cut off by its card.
 */
/**
 * The layout's content and each page's main box are flex items, which never shrink below their
 * content's width unless told so; told, they keep to the screen and a wide table scrolls inside.
 */
const encoge = (clase: string) => ({ styleOverrides: { root: { [`& .${clase}`]: { minWidth: 0 } } } });

const alAnchoDeLaPantalla: RaThemeOptions = {
  components: {
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: encoge('RaList-main'),
    RaShow: encoge('RaShow-card'),
    RaEdit: encoge('RaEdit-card'),
    RaCreate: encoge('RaCreate-card'),
    RaDatagrid: {
      styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } },
    },
    // Where the buttons above a list or a page (Crear, Exportar, filters, Editar) have a row of
    // their own, they wrap to a second one rather than run off the screen. Wider, they share
    // the row with the search box, and wrapping would break them up while there is room.
    RaTopToolbar: {
      styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('md')]: { flexWrap: 'wrap' } }) },
    },
    // Tabs (a usuario's Datos, Pagos, Facturas, Clases privadas) scroll sideways on a phone
    // rather than widen the page.
    MuiTabs: {
      defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true },
    },
    ...barraDeSeleccion,
  },
};

// The aria-labels and captions MUI writes itself (pagination arrows, autocomplete buttons) are
// not in react-admin's catalogue: without esES a phone's list would say «Go to next page».
const tema = (base: RaThemeOptions): RaThemeOptions =>
  deepmerge(deepmerge(base, alAnchoDeLaPantalla), { components: esES.components });

export const temaClaro = tema(defaultLightTheme);
export const temaOscuro = tema(defaultDarkTheme);
