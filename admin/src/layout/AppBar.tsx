// The app bar: react-admin's (title, theme toggle, loading) with the administrator's menu.
import { forwardRef } from 'react';
import { type Theme, useMediaQuery } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import HistoryIcon from '@mui/icons-material/History';
import {
  AppBar as RaAppBar,
  AppBarClasses,
  Logout,
  MenuItemLink,
  type MenuItemLinkProps,
  TitlePortal,
  UserMenu,
  useBasename,
  useCanAccess,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';

/** A link in the user menu that also closes it. */
const EnlaceUserMenu = forwardRef<HTMLLIElement, MenuItemLinkProps>((props, ref) => {
  const { onClose } = useUserMenu() ?? {};
  return <MenuItemLink ref={ref} {...props} onClick={onClose} />;
});

/**
 * The menu's button: from a tablet up it shows the account's name, and a button's name must hold
 * what it shows (WCAG 2.5.3, axe's `label-content-name-mismatch`), so it is «Perfil de <nombre>»;
 * on a phone it is an icon, «Perfil». react-admin's UserMenu picks the same way, by the same width.
 */
const useNombreDelBoton = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const conNombre = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  // A key for the icon: UserMenu translates its label, and would say «Profile» for a plain text.
  return conNombre && identity?.fullName ? translate('aula.menu.perfilDe', { nombre: identity.fullName }) : 'ra.auth.user_menu';
};

const MenuAdministrador = () => {
  const basename = useBasename();
  const nombre = useNombreDelBoton();
  // Managing accounts is the role that may create them; the others have only their own.
  const { canAccess: gestionaCuentas } = useCanAccess({ action: 'create', resource: 'logins' });
  // The background work of the whole application: the administrador's (trabajos/index.ts).
  const { canAccess: veTareas } = useCanAccess({ action: 'list', resource: 'trabajos' });
  return (
    <UserMenu label={nombre}>
      <EnlaceUserMenu to={`${basename}/cuenta`} primaryText="aula.menu.miCuenta" leftIcon={<AccountCircleIcon />} />
      {gestionaCuentas && <EnlaceUserMenu to={`${basename}/logins`} primaryText="aula.menu.administradores" leftIcon={<AdminPanelSettingsIcon />} />}
      <EnlaceUserMenu to={`${basename}/logs`} primaryText="aula.menu.actividad" leftIcon={<HistoryIcon />} />
      {veTareas && <EnlaceUserMenu to={`${basename}/trabajos`} primaryText="aula.menu.tareas" leftIcon={<AutorenewIcon />} />}
      <Logout />
    </UserMenu>
  );
};

// The primary blue, not react-admin's lighter secondary: white reads on it at 5.75:1 (temas.ts).
// The page's title, which every page puts here (react-admin's <Title>), is its one level-one
// heading (axe's `page-has-heading-one`), drawn the size react-admin draws it.
export const AppBar = () => (
  <RaAppBar color="primary" userMenu={<MenuAdministrador />}>
    <TitlePortal className={AppBarClasses.title} component="h1" variant="h6" />
  </RaAppBar>
);
