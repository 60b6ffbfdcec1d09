import type { ReactElement } from 'react';
import { BulkUpdateWithConfirmButton } from 'react-admin';
import { useCambioMasivo } from './useCambioMasivo';

interface Props {
  /** Its texts in the catalogue: `aula.masivo.<accion>` (button), `…Titulo` and `…Pregunta` (dialog). */
  accion: string;
  icon: ReactElement;
  /** The change applied to every selected row. */
  data: Record<string, unknown>;
}

/**
 * The lists' bulk changes («Publicar», «Activar»…): one PATCH for all the selected rows, asked
 * first in a dialog that says how many, and shown done only once the server has saved it
 * (what BulkUpdateButton renders in pessimistic mode, with its dialog's texts settable). Rows
 * changed since the list was read are left as they are, and the notification says how many.
 */
export const ActualizarSeleccion = ({ accion, icon, data }: Props) => {
  const mutationOptions = useCambioMasivo('actualizar');
  return (
    <BulkUpdateWithConfirmButton
      label={`aula.masivo.${accion}`}
      icon={icon}
      data={data}
      confirmTitle={`aula.masivo.${accion}Titulo`}
      confirmContent={`aula.masivo.${accion}Pregunta`}
      mutationMode="pessimistic"
      mutationOptions={mutationOptions}
    />
  );
};
