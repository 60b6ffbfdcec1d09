// Inside a form: tells the session layer (providers/caducidad.ts) while it holds unsaved changes,
// so an expired session asks for the password where the administrator is instead of leaving the
// page, and the idle timeout is warned of. Every form that can be typed into carries one.
import { useEffect } from 'react';
import { useFormIsDirty } from 'react-admin';
import { markCambios } from '../../providers/caducidad';

export const CambiosSinGuardar = () => {
  const conCambios = useFormIsDirty();
  useEffect(() => (conCambios ? markCambios() : undefined), [conCambios]);
  return null;
};
