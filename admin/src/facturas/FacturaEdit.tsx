import { useEffect } from 'react';
import { Labeled, ShowButton, TopToolbar, useRecordContext, useRedirect } from 'react-admin';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { isEditable } from './editable';
import { EmitirButton } from './EmitirButton';
import { FacturaForm } from './FacturaForm';
import { TituloFactura } from './TituloFactura';
import { Totales } from './Totales';

/** An issued factura reached by its edit address goes to its read-only page, form unseen. */
const FormularioDeBorrador = () => {
  const factura = useRecordContext();
  const redirect = useRedirect();
  const bloqueada = factura != null && !isEditable(factura);
  useEffect(() => {
    if (bloqueada) redirect('show', 'facturas', factura.id);
  }, [bloqueada, factura, redirect]);
  if (!factura || bloqueada) return null;
  return (
    <FacturaForm>
      <Labeled label="aula.secciones.totales" fullWidth>
        <Totales />
      </Labeled>
    </FacturaForm>
  );
};

// A draft is opened here from the list: it is issued from here too, as saved.
const FacturaEditActions = () => (
  <TopToolbar>
    <ShowButton />
    <EmitirButton />
  </TopToolbar>
);

const FacturaEdit = () => (
  <EditConVersion redirect="show" title={<TituloFactura />} actions={<FacturaEditActions />}>
    <FormularioDeBorrador />
  </EditConVersion>
);

export default FacturaEdit;
