// «Lotes de matrículas»: the bulk enrolments and revocations launched, newest first, with their
// curso, estado and what they did of how many usuarios. Read-only: they are launched from the
// usuarios list.
import { Box } from '@mui/material';
import { Datagrid, List, NumberField, ReferenceField, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { formatDiaHora } from '../common/formato/dates';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { AccionLote, EstadoLote } from './campos';
import { CifrasLote } from './ResumenLote';

const filters = [
  <SelectInput source="estado" choices={choicesDe('lotes', 'estado')} key="estado" />,
  <SelectInput source="accion" choices={choicesDe('lotes', 'accion')} key="accion" />,
  <ReferenceAutocomplete source="cursoId" reference="cursos" key="cursoId" />,
];

const LoteList = () => {
  const translate = useTranslate();
  return (
    <List pagination={<Paginacion />} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<AccionesLista />}>
      <ResponsiveList
        omitOnTablet={['total']}
        small={
          <SimpleList
            primaryText={(lote) => (
              <>
                {translate(claveDeValor('lotes', 'accion', lote.accion))} · <ReferenceField source="cursoId" reference="cursos" link={false} />
              </>
            )}
            secondaryText={(lote) => (
              <>
                {formatDiaHora(lote.createdAt)}
                <Box component="span" sx={{ display: 'block' }}>
                  <CifrasLote />
                </Box>
              </>
            )}
            tertiaryText={() => <EstadoLote />}
            linkType="show"
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateTimeField source="createdAt" />
          <AccionLote label="resources.lotes.fields.accion" sortBy="accion" />
          <ReferenceField source="cursoId" reference="cursos" link={false} />
          <EstadoLote label="resources.lotes.fields.estado" sortBy="estado" />
          <NumberField source="total" />
          <CifrasLote label="aula.lotes.resultado" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default LoteList;
