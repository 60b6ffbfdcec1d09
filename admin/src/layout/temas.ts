// react-admin's light and dark themes, kept to the screen's width, readable and usable without a
// mouse or without sight (contrast, names, focus), with Material UI's Spanish texts.
import { esES } from '@mui/material/locale';
import type { CheckboxOwnerState, Theme } from '@mui/material';
import { grey } from '@mui/material/colors';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { aulaShell } from '../providers/i18n/aula';

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
 * No page wider than the screen (docs/arquitectura.md §5). react-admin lets its layout grow to fit its widest
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
    // Up to a tablet's width react-admin's «Crear» floats over the page's bottom right corner
    // (60 px up, 56 px tall), where a list's «Página siguiente» lands when the page ends there:
    // the room below the list keeps the pagination above that corner, however long the page.
    RaList: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ '& .RaList-main': { minWidth: 0 }, [theme.breakpoints.down('md')]: { '& .RaList-main': { paddingBottom: 112 } } }),
      },
    },
    RaShow: encoge('RaShow-card'),
    RaEdit: encoge('RaEdit-card'),
    RaCreate: encoge('RaCreate-card'),
    // A word longer than its column (an e-mail, a code, a name without spaces) breaks inside
    // the cell instead of widening the table past the screen and cutting its last column.
    RaDatagrid: {
      styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' }, '& .RaDatagrid-rowCell': { overflowWrap: 'anywhere' } } },
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

/**
 * A checkbox's name belongs on its <input>, the element a screen reader lands on. react-admin
 * names each list row's checkbox («Seleccionar esta fila») with an aria-label that MUI 7 puts on
 * the wrapping <span>, where it names nothing and is not allowed (axe: `label`, critical, and
 * `aria-prohibited-attr`). A checkbox given an aria-label passes it to its input instead; one
 * that names its input itself («Seleccionar todo», in the header) keeps its own.
 */
const casillasConNombre: RaThemeOptions = {
  components: {
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxOwnerState) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
  },
};

/**
 * No stray Enter does what cannot be undone. react-admin's Confirm, the
 * «¿…?» before every emitir, anular, reembolsar (BotonConfirmado) and every borrar (its own
 * delete buttons, one record or a selection), opens with the focus on its confirm button; here
 * it opens on «Cancelar», Confirm's one button that is not `.ra-confirm`. Moved as the dialog
 * starts to appear, in the same commit as Confirm's own autoFocus: there is no moment in which
 * Enter would confirm.
 */
const cancelarPrimero: RaThemeOptions = {
  components: {
    RaConfirm: {
      defaultProps: {
        slotProps: {
          transition: {
            onEnter: (dialogo: HTMLElement) =>
              dialogo.querySelector<HTMLElement>('.MuiDialogActions-root button:not(.ra-confirm)')?.focus(),
          },
        },
      },
    },
  },
};

/**
 * Text at 4.5:1 at least against what it sits on (WCAG 1.4.3). react-admin's light theme
 * falls short in three places: MUI's blue (#1976d2) on its page grey is 4.41:1, in every text
 * button and link; its red (#d32f2f) on the grey bar under a form («Borrar») is 3.77:1; and its
 * top bar is the secondary blue (#2196f3), 3.12:1 with white (the AppBar takes the primary
 * colour instead, see AppBar.tsx). A shade darker of each: #1565c0 is 5.5:1 on the page and
 * 5.75:1 under white text, #c62828 is 5.2:1 on the lighter bar, which the primary blue also
 * reads on (5.3:1). Its orange (#ed6c02), the text of an outlined warning chip («Rectificada»,
 * «Reembolsado en parte»), is 3.11:1 on white: #b45309 is 5:1 on white, 4.8:1 on the page.
 */
const claroLegible: RaThemeOptions = {
  palette: {
    primary: { main: '#1565c0' },
    error: { main: '#c62828' },
    warning: { main: '#b45309' },
  },
  components: {
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
  },
};

/**
 * A spinner or a loading bar says what it is to a screen reader: react-admin's (the top bar's
 * while anything loads, a reference's while it is fetched, a saving button's) have no name
 * (axe: `aria-progressbar-name`, serious). One that names itself (an upload's) keeps its name.
 */
const progresoConNombre: RaThemeOptions = {
  components: {
    MuiCircularProgress: { defaultProps: { 'aria-label': aulaShell.cargando } },
    MuiLinearProgress: { defaultProps: { 'aria-label': aulaShell.cargando } },
  },
};

/**
 * A section with nothing in it yet (react-admin's Empty: «Aún no hay clases», «Crea la primera
 * clase»). Its words are in the disabled grey, 2.7:1 on the page (axe: `color-contrast`,
 * serious): here in the secondary text colour, 5.6:1. And its big line is MUI's h4, two levels
 * under the page's title, the app bar's h1 (axe: `heading-order`, moderate): the h4 style is an
 * h2 element, here and wherever else it is used (nowhere else in the admin).
 */
const listaVacia: RaThemeOptions = {
  components: {
    RaEmpty: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }) } },
    MuiTypography: { defaultProps: { variantMapping: { h4: 'h2' } } },
  },
};

/**
 * The text on a coloured chip or button (estado «Emitida», «Reembolsado») is white or black,
 * whichever reads at 4.5:1 on its colour: MUI's default threshold, 3, put white on its light
 * blue (3.86:1) and its orange (3.11:1). 4.5 is the value MUI documents for WCAG AA.
 */
const textoSobreColor: RaThemeOptions = { palette: { contrastThreshold: 4.5 } };

/**
 * The dark theme's red (#f44336) on its grey form bar is 2.7:1, 3.5:1 on its page («Borrar»): a
 * lighter red reads at 4.7:1 on the bar and 6:1 on the page.
 */
const oscuroLegible: RaThemeOptions = { palette: { error: { main: '#ef9a9a' } } };

// The aria-labels and captions MUI writes itself (pagination arrows, autocomplete buttons) are
// not in react-admin's catalogue: without esES a phone's list would say «Go to next page».
const tema = (base: RaThemeOptions, ...propias: RaThemeOptions[]): RaThemeOptions =>
  [alAnchoDeLaPantalla, casillasConNombre, cancelarPrimero, progresoConNombre, listaVacia, textoSobreColor, ...propias, { components: esES.components }].reduce<RaThemeOptions>(
    (resultado, parte) => deepmerge(resultado, parte),
    base,
  );

export const temaClaro = tema(defaultLightTheme, claroLegible);
export const temaOscuro = tema(defaultDarkTheme, oscuroLegible);
