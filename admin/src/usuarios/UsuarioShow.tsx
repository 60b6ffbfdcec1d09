import { BooleanField, EmailField, Show, TabbedShowLayout, TextField, useCanAccess } from 'react-admin';
import { soloLegibles, useLegible } from '../common/secciones/acceso';
import { DateTimeField } from '../common/formato/DateTimeField';
import { PagosRelacionados } from '../pagos/PagosRelacionados';
import { ClasesPrivadas } from './ClasesPrivadas';
import { CorreosDe } from '../correos/CorreosDe';
import { FacturasRelacionadas } from '../facturas/FacturasRelacionadas';
import { MatriculasRelacionadas } from '../matriculas/MatriculasRelacionadas';

const UsuarioShow = () => {
  // What the role reads (an editor: the name and email; no pagos, no facturas), not asked for otherwise.
  const legible = useLegible('usuarios');
  const { canAccess: leePagos } = useCanAccess({ action: 'list', resource: 'pagos' });
  const { canAccess: leeFacturas } = useCanAccess({ action: 'list', resource: 'facturas' });
  const { canAccess: leeMatriculas } = useCanAccess({ action: 'list', resource: 'matriculas' });
  const { canAccess: leeCorreos } = useCanAccess({ action: 'list', resource: 'correos' });
  if (!legible) return null;
  return (
    <Show>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="aula.secciones.datos">
          {soloLegibles(legible, [
            <TextField source="nombre" key="nombre" />,
            <TextField source="apellidos" key="apellidos" />,
            <EmailField source="email" key="email" />,
            <TextField source="telefono" key="telefono" />,
            <TextField source="nif" key="nif" />,
            <TextField source="direccion" key="direccion" />,
            <TextField source="codigoPostal" key="codigoPostal" />,
            <TextField source="ciudad" key="ciudad" />,
            <TextField source="provincia" key="provincia" />,
            <TextField source="pais" key="pais" />,
            <BooleanField source="activo" key="activo" />,
            <TextField source="notas" key="notas" />,
            <DateTimeField source="createdAt" key="createdAt" />,
          ])}
        </TabbedShowLayout.Tab>
        {/* The cursos he may watch, until when (docs/arquitectura.md §22); the editor reads them too. */}
        {leeMatriculas && (
          <TabbedShowLayout.Tab label="aula.matriculas.cursos" path="cursos">
            <MatriculasRelacionadas target="usuarioId" label={false} />
          </TabbedShowLayout.Tab>
        )}
        {leePagos && (
          <TabbedShowLayout.Tab label="aula.secciones.pagos" path="pagos">
            <PagosRelacionados target="usuarioId" label={false} />
          </TabbedShowLayout.Tab>
        )}
        {leeFacturas && (
          <TabbedShowLayout.Tab label="aula.secciones.facturas" path="facturas">
            <FacturasRelacionadas target="usuarioId" vacio="aula.vacio.facturas" label={false} />
          </TabbedShowLayout.Tab>
        )}
        {leeCorreos && (
          <TabbedShowLayout.Tab label="aula.correo.correos" path="correos">
            <CorreosDe target="usuarioId" enPestana label={false} />
          </TabbedShowLayout.Tab>
        )}
        <TabbedShowLayout.Tab label="aula.secciones.clasesPrivadas" path="clases">
          <ClasesPrivadas label={false} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};

export default UsuarioShow;
