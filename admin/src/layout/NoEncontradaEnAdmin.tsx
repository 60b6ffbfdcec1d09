// «Página no encontrada» inside react-admin (its catchAll): its title in the app bar, as every
// page's, where it is the page's level-one heading.
import { Title } from 'react-admin';
import { aulaShell } from '../providers/i18n/aula';
import NoEncontrada from './NoEncontrada';

const NoEncontradaEnAdmin = () => <NoEncontrada enLaBarra={<Title title={aulaShell.noEncontrada.titulo} />} />;

export default NoEncontradaEnAdmin;
