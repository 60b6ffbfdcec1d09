import { ReferenceField, SelectField, SimpleList } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { Terciario } from '../common/listas/Terciario';

/** A clase per line on a phone: its title, its curso, its estado; a tap opens its form. */
export const ClaseSimpleList = () => (
  <SimpleList
    primaryText={(r) => r.titulo}
    secondaryText={<ReferenceField source="cursoId" reference="cursos" link={false} />}
    tertiaryText={<Terciario><SelectField source="estado" choices={choicesDe('clases', 'estado')} /></Terciario>}
    linkType="edit"
  />
);
