// «Página no encontrada», for unknown addresses both outside and inside react-admin; so it
// uses MUI and the router alone.
import type { ReactNode } from 'react';
import { aulaShell } from '../providers/i18n/aula';
import { PaginaDeAviso } from './PaginaDeAviso';

/** `enLaBarra`: inside react-admin, the title for its app bar (NoEncontradaEnAdmin.tsx). */
const NoEncontrada = ({ enLaBarra }: { enLaBarra?: ReactNode }) => <PaginaDeAviso {...aulaShell.noEncontrada} enLaBarra={enLaBarra} />;

export default NoEncontrada;
