import { BooleanField, EmailField, Show, TabbedShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { PagosRelacionados } from '../pagos/PagosRelacionados';
import { ClasesPrivadas } from './ClasesPrivadas';
import { FacturasRelacionadas } from '../facturas/FacturasRelacionadas';

const UsuarioShow = () => (
  <Show>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="aula.secciones.datos">
        <TextField source="nombre" />
        <TextField source="apellidos" />
        <EmailField source="email" />
        <TextField source="telefono" />
        <TextField source="nif" />
        <TextField source="direccion" />
        <TextField source="codigoPostal" />
        <TextField source="ciudad" />
        <TextField source="provincia" />
        <TextField source="pais" />
        <BooleanField source="activo" />
        <TextField source="notas" />
        <DateTimeField source="createdAt" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="aula.secciones.pagos" path="pagos">
        <PagosRelacionados target="usuarioId" label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="aula.secciones.facturas" path="facturas">
        <FacturasRelacionadas target="usuarioId" vacio="aula.vacio.facturas" label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="aula.secciones.clasesPrivadas" path="clases">
        <ClasesPrivadas label={false} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

export default UsuarioShow;
