import { Datagrid, ReferenceField, ReferenceManyField, SelectField, SimpleList } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { Terciario } from '../common/listas/Terciario';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';

/** The pagos that point at the record in context through `target` (usuarioId, facturaId), newest first. */
export const PagosRelacionados = ({ target }: SinEtiqueta & { target: string }) => (
  <ReferenceManyField
    reference="pagos"
    target={target}
    sort={{ field: 'fecha', order: 'DESC' }}
    empty={<Vacio mensaje="aula.vacio.pagos" />}
    {...paginada}
  >
    <ResponsiveList
      omitOnTablet={['metodo']}
      small={
        // The usuario is the record in context: a phone line says when, for what, how and how much.
        <SimpleList
          primaryText={<DateTimeField source="fecha" />}
          secondaryText={
            <>
              <ReferenceField source="cursoId" reference="cursos" link={false} /> ·{' '}
              <SelectField source="estado" choices={choicesDe('pagos', 'estado')} /> · <SelectField source="metodo" choices={choicesDe('pagos', 'metodo')} />
            </>
          }
          tertiaryText={<Terciario><MoneyField source="importe" /></Terciario>}
          linkType="show"
        />
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="fecha" />
        <ReferenceField source="cursoId" reference="cursos" link={false} />
        <MoneyField source="importe" textAlign="right" />
        <SelectField source="metodo" choices={choicesDe('pagos', 'metodo')} />
        <SelectField source="estado" choices={choicesDe('pagos', 'estado')} />
      </Datagrid>
    </ResponsiveList>
  </ReferenceManyField>
);
