// The side menu (docs/arquitectura.md §5): product name, the sections in the business's order, and «Salir».
import { Box, Typography } from '@mui/material';
import { type ComponentType, type ReactElement, Suspense } from 'react';
import { Logout, Menu as RaMenu, MenuItemLinkClasses, useBasename, useCanAccessResources, useMatch, useSidebarState, useTranslate } from 'react-admin';
import { config } from '../config';
import { secciones } from '../secciones';

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

// Icons load with the menu's chunk; the space they take is kept while they come.
const icono = (Icono?: ComponentType) =>
  Icono ? (
    <Suspense fallback={<Box component="span" sx={{ width: 24, height: 24, display: 'inline-block' }} />}>
      <Icono />
    </Suspense>
  ) : (
    <span />
  );

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

const nombres = secciones.enMenu.map((s) => s.name);

export const Menu = () => {
  const basename = useBasename();
  const translate = useTranslate();
  // Only the sections the role may read (providers/acceso.ts); none until that is known, so no entry appears and then goes.
  const { canAccess } = useCanAccessResources({ action: 'list', resources: nombres });
  return (
    <RaMenu>
      <CabeceraMenu />
      {secciones.enMenu.filter(({ name }) => canAccess?.[name]).map(({ name, icon, menu }) => (
        <Entrada
          key={name}
          to={`${basename}/${name}`}
          texto={menu!.texto ?? translate(`resources.${name}.name`, { smart_count: 2 })}
          icono={icono(icon)}
          tambien={menu!.tambien}
        />
      ))}
      <Logout />
    </RaMenu>
  );
};
