// A cupón's uses (canjes, read only: only POST /cupones/canjear writes them), newest first: who,
// for which curso, when, what it took off, and the pago that spent it, if any yet.
import { Datagrid, ReferenceField, ReferenceManyField, ReferenceOneField, SimpleList } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Terciario } from '../common/listas/Terciario';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';

/** The pago that spent the canje (pagos.canjeId is unique): one at most. */
const PagoDelCanje = (_props: { label?: string }) => (
  <ReferenceOneField reference="pagos" target="canjeId" link="show" emptyText="aula.cupones.sinPago" />
);

export const CanjesDelCupon = (_props: SinEtiqueta) => (
  <ReferenceManyField reference="canjes" target="cuponId" sort={{ field: 'fecha', order: 'DESC' }} empty={<Vacio mensaje="aula.cupones.sinCanjes" />} {...paginada}>
    <ResponsiveList
      omitOnTablet={['precio']}
      small={
        <SimpleList
          primaryText={<ReferenceField source="usuarioId" reference="usuarios" link={false} />}
          secondaryText={
            <>
              <ReferenceField source="cursoId" reference="cursos" link={false} /> · <DateTimeField source="fecha" />
            </>
          }
          tertiaryText={
            <Terciario>
              <MoneyField source="descuento" />
            </Terciario>
          }
          linkType={false}
        />
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <ReferenceField source="usuarioId" reference="usuarios" link="show" />
        <ReferenceField source="cursoId" reference="cursos" link="show" />
        <DateTimeField source="fecha" />
        <MoneyField source="precio" textAlign="right" />
        <MoneyField source="descuento" textAlign="right" />
        <PagoDelCanje label="aula.cupones.pago" />
      </Datagrid>
    </ResponsiveList>
  </ReferenceManyField>
);
