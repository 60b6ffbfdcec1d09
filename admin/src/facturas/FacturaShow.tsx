import {
  EditButton,
  Labeled,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField, DiaField } from '../common/formato/DateTimeField';
import { Historial } from '../common/versiones/Historial';
import { MoneyField } from '../common/formato/MoneyField';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { CorreosDe } from '../correos/CorreosDe';
import { PagosRelacionados } from '../pagos/PagosRelacionados';
import { AnularButton } from './AnularButton';
import { DescargarPdfButton } from './DescargarPdfButton';
import { isEditable } from './editable';
import { EmitirButton } from './EmitirButton';
import { EnviarPorEmail } from './EnviarPorEmail';
import { EstadoFactura } from './EstadoFactura';
import { FacturasRelacionadas } from './FacturasRelacionadas';
import { NumeroFactura } from './NumeroFactura';
import { QrTributario } from './QrTributario';
import { RectificarButton } from './RectificarButton';
import { RegistrosVeriFactu } from './RegistrosVeriFactu';
import { TituloFactura } from './TituloFactura';
import { EstadoVerifactu } from '../verifactu/EstadoVerifactu';
import { Totales } from './Totales';

/** A draft is edited or issued; an issued invoice is downloaded, rectified or, if a mistake, anulada. */
const FacturaShowActions = () => {
  const factura = useRecordContext();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {isEditable(factura) && <EditButton />}
      <EmitirButton />
      <DescargarPdfButton />
      <EnviarPorEmail />
      <RectificarButton />
      <AnularButton />
    </TopToolbar>
  );
};

/** What exists only once issued: who issued it, the QR, the VeriFactu record, its rectificativas. */
const DatosDeEmision = (_props: SinEtiqueta) => {
  const factura = useRecordContext<RaRecord>();
  if (!factura || isEditable(factura)) return null;
  return (
    <SimpleShowLayout sx={{ p: 0 }}>
      <TextField source="emisorNombre" />
      <TextField source="emisorNif" />
      <TextField source="emisorDomicilio" />
      <QrTributario label={false} />
      <Labeled label="aula.facturacion.registros" fullWidth>
        <RegistrosVeriFactu />
      </Labeled>
      <Labeled label="aula.facturacion.rectificativas" fullWidth>
        <FacturasRelacionadas target="rectificaId" vacio="aula.facturacion.sinRectificativas" />
      </Labeled>
    </SimpleShowLayout>
  );
};

/**
 * On a rectificativa: which invoice it rectifies, how and why; a substitute also says what the
 * invoice it replaces amounted to.
 */
const Rectificada = (_props: SinEtiqueta) => {
  const factura = useRecordContext<RaRecord>();
  if (factura?.rectificaId == null) return null;
  return (
    <SimpleShowLayout sx={{ p: 0 }}>
      <ReferenceField source="rectificaId" reference="facturas" link="show" />
      <SelectField source="tipoRectificativa" choices={choicesDe('facturas', 'tipoRectificativa')} />
      <TextField source="motivoRectificacion" />
      {factura.tipoRectificativa === 'S' && <MoneyField source="baseRectificada" />}
      {factura.tipoRectificativa === 'S' && <MoneyField source="cuotaRectificada" />}
    </SimpleShowLayout>
  );
};

/** When the operation took place, if the invoice says (the pago's fecha, for an invoice of a pago). */
const FechaOperacion = (_props: SinEtiqueta) => {
  const factura = useRecordContext<RaRecord>();
  if (factura?.fechaOperacion == null) return null;
  return (
    <SimpleShowLayout sx={{ p: 0 }}>
      <DiaField source="fechaOperacion" />
    </SimpleShowLayout>
  );
};

const FacturaShow = () => (
  <Show actions={<FacturaShowActions />} title={<TituloFactura />}>
    <SimpleShowLayout>
      <NumeroFactura label="resources.facturas.fields.numero" />
      <DateTimeField source="fecha" />
      <FechaOperacion label={false} />
      <EstadoFactura label="resources.facturas.fields.estado" enlace />
      <EstadoVerifactu label="aula.verifactu.titulo" />
      <SelectField source="tipo" choices={choicesDe('facturas', 'tipo')} />
      <Rectificada label={false} />
      <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      <TextField source="clienteNombre" />
      <TextField source="clienteNif" />
      <TextField source="clienteDireccion" />
      <TextField source="concepto" />
      <Labeled label="aula.secciones.totales" fullWidth>
        <Totales />
      </Labeled>
      <Labeled label="aula.secciones.pagos" fullWidth>
        <PagosRelacionados target="facturaId" />
      </Labeled>
      <DatosDeEmision label={false} />
      <CorreosDe target="facturaId" label={false} />
      {/* Read only: an invoice is corrected by rectificar or anular, never restored (the registry's `restaurable`). */}
      <Labeled label="aula.secciones.historial" fullWidth>
        <Historial />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default FacturaShow;
