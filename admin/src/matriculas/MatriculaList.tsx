import { Datagrid, List, ReferenceField, SelectField, SelectInput, SimpleList } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DiaField } from '../common/formato/DateTimeField';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { AccionesLista } from '../common/listas/AccionesLista';
import { BuscarInput } from '../common/listas/Buscando';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Terciario } from '../common/listas/Terciario';
import { soloLegibles, useLegible } from '../common/secciones/acceso';
import { EstadoMatricula, HastaField } from './campos';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={choicesDe('matriculas', 'estado')} alwaysOn key="estado" />,
  <ReferenceAutocomplete source="cursoId" reference="cursos" key="cursoId" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
  <SelectInput source="origen" choices={choicesDe('matriculas', 'origen')} key="origen" />,
];

/** Who may watch which curso until when, newest first; the editor reads them without their origen. */
const MatriculaList = () => {
  const legible = useLegible('matriculas');
  if (!legible) return null;
  return (
    <List pagination={<Paginacion />} filters={soloLegibles(legible, filters) as typeof filters} sort={{ field: 'desde', order: 'DESC' }} actions={<AccionesLista />}>
      <ResponsiveList
        omitOnTablet={['origen', 'desde']}
        small={
          <SimpleList
            primaryText={<ReferenceField source="usuarioId" reference="usuarios" link={false} />}
            // «Guitarra flamenca · 05/03/2026 – Sin fin»: which curso, and from when until when.
            secondaryText={
              <>
                <ReferenceField source="cursoId" reference="cursos" link={false} /> · <DiaField source="desde" /> – <HastaField />
              </>
            }
            tertiaryText={
              <Terciario>
                <EstadoMatricula />
              </Terciario>
            }
            linkType="show"
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          {soloLegibles(legible, [
            <ReferenceField source="usuarioId" reference="usuarios" link="show" key="usuarioId" />,
            <ReferenceField source="cursoId" reference="cursos" link="show" key="cursoId" />,
            <DiaField source="desde" key="desde" />,
            <HastaField source="hasta" key="hasta" />,
            <EstadoMatricula label="resources.matriculas.fields.estado" sortBy="estado" key="estado" />,
            <SelectField source="origen" choices={choicesDe('matriculas', 'origen')} key="origen" />,
          ])}
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default MatriculaList;
