import { BulkDeleteButton } from 'react-admin';

/**
 * The lists' bulk delete: asks first, and waits for the server instead of react-admin's undo
 * window, so a refused delete («el curso tiene 3 clases») is said at once and nothing looks
 * deleted that was not.
 */
export const BorrarSeleccion = () => <BulkDeleteButton mutationMode="pessimistic" />;
