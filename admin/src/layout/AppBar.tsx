// The app bar: react-admin's (title, theme toggle, loading) with the administrator's menu.
import { forwardRef } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import HistoryIcon from '@mui/icons-material/History';
import {
  AppBar as RaAppBar,
  Logout,
  MenuItemLink,
  type MenuItemLinkProps,
  UserMenu,
  useBasename,
  useCanAccess,
  useUserMenu,
} from 'react-admin';

/** A link in the user menu that also closes it. */
const EnlaceUserMenu = forwardRef<HTMLLIElement, MenuItemLinkProps>((props, ref) => {
  const { onClose } = useUserMenu() ?? {};
  return <MenuItemLink ref={ref} {...props} onClick={onClose} />;
});

const MenuAdministrador = () => {
  const basename = useBasename();
  // Managing accounts is the role that may create them; the others have only their own.
  const { canAccess: gestionaCuentas } = useCanAccess({ action: 'create', resource: 'logins' });
  // The background work of the whole application: the administrador's (trabajos/index.ts).
  const { canAccess: veTareas } = useCanAccess({ action: 'list', resource: 'trabajos' });
  return (
    <UserMenu>
      <EnlaceUserMenu to={`${basename}/cuenta`} primaryText="aula.menu.miCuenta" leftIcon={<AccountCircleIcon />} />
      {gestionaCuentas && <EnlaceUserMenu to={`${basename}/logins`} primaryText="aula.menu.administradores" leftIcon={<AdminPanelSettingsIcon />} />}
      <EnlaceUserMenu to={`${basename}/logs`} primaryText="aula.menu.actividad" leftIcon={<HistoryIcon />} />
      {veTareas && <EnlaceUserMenu to={`${basename}/trabajos`} primaryText="aula.menu.tareas" leftIcon={<AutorenewIcon />} />}
      <Logout />
    </UserMenu>
  );
};

// The primary blue, not react-admin's lighter secondary: white reads on it at 5.75:1 (temas.ts).
export const AppBar = () => <RaAppBar color="primary" userMenu={<MenuAdministrador />} />;
