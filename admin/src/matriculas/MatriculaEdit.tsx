import { Labeled, ReferenceField, SimpleForm, useRecordContext } from 'react-admin';
import { DiaField } from '../common/formato/DateTimeField';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { EstadoMatricula } from './campos';
import { FinInput } from './FinInput';

/** Only an activa's end can change: who and which curso it is, never; an ended one, not at all. */
const Campos = () => {
  const matricula = useRecordContext();
  return (
    <>
      <Labeled source="usuarioId">
        <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      </Labeled>
      <Labeled source="cursoId">
        <ReferenceField source="cursoId" reference="cursos" link="show" />
      </Labeled>
      <Labeled source="desde">
        <DiaField source="desde" />
      </Labeled>
      <Labeled label="resources.matriculas.fields.estado">
        <EstadoMatricula />
      </Labeled>
      <FinInput source="hasta" disabled={matricula != null && matricula.estado !== 'activa'} />
    </>
  );
};

const MatriculaEdit = () => (
  <EditConVersion redirect="show">
    <SimpleForm>
      <Campos />
    </SimpleForm>
  </EditConVersion>
);

export default MatriculaEdit;
