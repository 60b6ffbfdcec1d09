// The side menu (docs/arquitectura.md §5): product name, the sections in the business's order, and «Salir».
import { Box, Typography } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import type { ComponentType, ReactElement } from 'react';
import { Logout, Menu as RaMenu, MenuItemLinkClasses, useBasename, useMatch, useSidebarState, useTranslate } from 'react-admin';
import { definiciones } from '../common/definiciones';
import { config } from '../config';

const CabeceraMenu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  // Collapsed to icons, the sidebar has no room for the name.
  if (!open) return null;
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Typography variant="h6" component="div" sx={{ lineHeight: 1.2 }}>
        {config.productName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('aula.menu.admin')}
      </Typography>
    </Box>
  );
};

const icono = (Icono: ComponentType) => <Icono />;

const ENTRADAS = [
  { ruta: 'clases', texto: 'aula.menu.clases', icono: icono(definiciones.clases.icon) },
  { ruta: 'cursos', texto: 'aula.menu.cursos', icono: icono(definiciones.cursos.icon) },
  { ruta: 'categorias', texto: 'aula.menu.categorias', icono: icono(definiciones.categorias.icon) },
  { ruta: 'usuarios', texto: 'aula.menu.usuarios', icono: icono(definiciones.usuarios.icon) },
  // Facturación holds the invoices and their VeriFactu page.
  { ruta: 'facturas', texto: 'aula.menu.facturacion', icono: icono(definiciones.facturas.icon), tambien: 'verifactu' },
  { ruta: 'pagos', texto: 'aula.menu.pagos', icono: icono(definiciones.pagos.icon) },
  { ruta: 'informes', texto: 'aula.menu.informes', icono: <InsightsIcon /> },
];

interface EntradaProps {
  to: string;
  texto: string;
  icono: ReactElement;
  /** Another address that belongs to the section. */
  tambien?: string;
}

/**
 * MenuItemLink highlights the current section and closes the drawer on a phone; the
 * aria-current tells a screen reader which section is open, as the highlight tells the eye.
 */
const Entrada = ({ to, texto, icono, tambien }: EntradaProps) => {
  const basename = useBasename();
  const propia = useMatch({ path: to, end: false });
  const otra = useMatch({ path: `${basename}/${tambien ?? '\u0000'}`, end: false });
  const actual = propia || (tambien && otra);
  // The highlight react-admin gives its own matches, for the section's other address too.
  return <RaMenu.Item to={to} primaryText={texto} leftIcon={icono} aria-current={actual ? 'page' : undefined} className={otra && tambien ? MenuItemLinkClasses.active : undefined} />;
};

export const Menu = () => {
  const basename = useBasename();
  return (
    <RaMenu>
      <CabeceraMenu />
      {ENTRADAS.map(({ ruta, texto, icono, tambien }) => (
        <Entrada key={ruta} to={`${basename}/${ruta}`} texto={texto} icono={icono} tambien={tambien} />
      ))}
      <Logout />
    </RaMenu>
  );
};
