import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { AvisoVerifactu } from '../verifactu/AvisoVerifactu';
import { Menu } from './Menu';

// The VeriFactu banner heads every page while the remission needs attention.
export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu}>
    <AvisoVerifactu />
    {children}
  </RaLayout>
);
