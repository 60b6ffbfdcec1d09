import { Datagrid, ReferenceField, ReferenceManyField, SelectField } from 'react-admin';
import { estadoPagoChoices, metodoChoices } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';
import type { SinEtiqueta } from '../common/SinEtiqueta';
import { Vacio } from '../common/Vacio';

/** The pagos that point at the record in context through `target` (usuarioId, facturaId), newest first. */
export const PagosRelacionados = ({ target }: SinEtiqueta & { target: string }) => (
  <ReferenceManyField
    reference="pagos"
    target={target}
    sort={{ field: 'fecha', order: 'DESC' }}
    empty={<Vacio mensaje="aula.vacio.pagos" />}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateTimeField source="fecha" />
      <ReferenceField source="cursoId" reference="cursos" link={false} />
      <MoneyField source="importe" textAlign="right" />
      <SelectField source="metodo" choices={metodoChoices} />
      <SelectField source="estado" choices={estadoPagoChoices} />
    </Datagrid>
  </ReferenceManyField>
);
