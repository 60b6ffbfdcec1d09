import { BulkDeleteButton } from 'react-admin';
import { useCambioMasivo } from './useCambioMasivo';

/**
 * The lists' bulk delete: asks first, and waits for the server instead of react-admin's undo
 * window, so a refused delete («el curso tiene 3 clases») is said at once and nothing looks
 * deleted that was not. A row changed since the list was read is not deleted: the administrator
 * never saw that version, and the notification says how many were left.
 */
export const BorrarSeleccion = () => {
  const mutationOptions = useCambioMasivo('borrar');
  return <BulkDeleteButton mutationMode="pessimistic" mutationOptions={mutationOptions} />;
};
