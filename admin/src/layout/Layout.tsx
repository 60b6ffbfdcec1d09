import type { ReactNode } from 'react';
import { Layout as RaLayout, Sidebar, type SidebarProps, useTranslate } from 'react-admin';
import { useIsSmall } from '../common/listas/ResponsiveList';
import { AvisoCaducidad } from '../sesion/AvisoCaducidad';
import { SesionCaducada } from '../sesion/SesionCaducada';
import { AppBar } from './AppBar';
import { AvisoVerifactu } from '../verifactu/AvisoVerifactu';
import { Menu } from './Menu';
import { CambiosEnVivo } from '../vivo/CambiosEnVivo';

/**
 * On a phone the sections' menu is a drawer, which MUI makes a dialog: a dialog needs a name to
 * be announced (axe: `aria-dialog-name`). Wider, it is part of the page and has no role to name.
 */
const BarraLateral = (props: SidebarProps) => {
  const translate = useTranslate();
  const esDialogo = useIsSmall();
  return <Sidebar {...props} slotProps={esDialogo ? { paper: { 'aria-label': translate('aula.menu.secciones') } } : undefined} />;
};

// The VeriFactu banner heads every page while the remission needs attention; other people's
// changes to what the page shows, right below it.
export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sidebar={BarraLateral}>
    <AvisoVerifactu />
    <CambiosEnVivo />
    {children}
    <AvisoCaducidad />
    <SesionCaducada />
  </RaLayout>
);
