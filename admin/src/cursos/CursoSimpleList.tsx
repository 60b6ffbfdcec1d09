import { SelectField, SimpleList } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { MoneyField } from '../common/formato/MoneyField';
import { Terciario } from '../common/listas/Terciario';

/** A curso per line on a phone: its title, its estado, its price; a tap opens its page. */
export const CursoSimpleList = () => (
  <SimpleList
    primaryText={(r) => r.titulo}
    secondaryText={<SelectField source="estado" choices={choicesDe('cursos', 'estado')} />}
    tertiaryText={<Terciario><MoneyField source="precio" /></Terciario>}
    linkType="show"
  />
);
