import { Datagrid, ReferenceField, ReferenceManyField, SelectField, SimpleList } from 'react-admin';
import { choicesDe } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';
import { ResponsiveList } from '../common/ResponsiveList';
import type { SinEtiqueta } from '../common/SinEtiqueta';
import { Terciario } from '../common/Terciario';
import { Vacio } from '../common/Vacio';
import { paginada } from '../common/paginada';

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
