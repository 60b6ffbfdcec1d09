import { Labeled, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField, DiaField } from '../common/formato/DateTimeField';
import { soloLegibles, useLegible } from '../common/secciones/acceso';
import { Historial } from '../common/versiones/Historial';
import { CorreosDe } from '../correos/CorreosDe';
import { AmpliarButton, RevocarButton } from './acciones';
import { EstadoMatricula, HastaField } from './campos';

// Words, not icons alone, on a phone too: «Ampliar» and «Revocar» (only for an activa, and a role that may).
const Acciones = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <AmpliarButton />
    <RevocarButton />
  </TopToolbar>
);

const MatriculaShow = () => {
  const legible = useLegible('matriculas');
  if (!legible) return null;
  return (
    <Show actions={<Acciones />}>
      <SimpleShowLayout>
        {soloLegibles(legible, [
          <ReferenceField source="usuarioId" reference="usuarios" link="show" key="usuarioId" />,
          <ReferenceField source="cursoId" reference="cursos" link="show" key="cursoId" />,
          <DiaField source="desde" key="desde" />,
          <HastaField source="hasta" key="hasta" />,
          <EstadoMatricula label="resources.matriculas.fields.estado" key="estado" />,
          <SelectField source="origen" choices={choicesDe('matriculas', 'origen')} key="origen" />,
          <ReferenceField source="pagoId" reference="pagos" link="show" key="pagoId" />,
          <DateTimeField source="revocadaEn" key="revocadaEn" />,
          <ReferenceField source="revocadaPor" reference="logins" link={false} key="revocadaPor" />,
          <TextField source="motivoRevocacion" key="motivoRevocacion" />,
          <DateTimeField source="createdAt" key="createdAt" />,
          <CorreosDe target="matriculaId" label={false} key="correos" />,
          <Labeled label="aula.secciones.historial" fullWidth key="historial">
            <Historial />
          </Labeled>,
        ])}
      </SimpleShowLayout>
    </Show>
  );
};

export default MatriculaShow;
