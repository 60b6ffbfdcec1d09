// «Página no encontrada», for unknown addresses both outside and inside react-admin; so it
// uses MUI and the router alone.
import { aulaShell } from '../providers/i18n/aula';
import { PaginaDeAviso } from './PaginaDeAviso';

const NoEncontrada = () => <PaginaDeAviso {...aulaShell.noEncontrada} />;

export default NoEncontrada;
