import { Create, type RaRecord } from 'react-admin';
import { ClaseForm } from './ClaseForm';

// A clase added from a curso (or a usuario's private ones) goes back there, where it now shows.
const redirect = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => {
  if (data?.cursoId) return `cursos/${data.cursoId}/show`;
  if (data?.usuarioId) return `usuarios/${data.usuarioId}/show/clases`;
  return 'clases';
};

const ClaseCreate = () => (
  <Create redirect={redirect}>
    <ClaseForm />
  </Create>
);

export default ClaseCreate;
