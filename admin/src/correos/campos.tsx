import { Alert } from '@mui/material';
import { FunctionField, useTranslate } from 'react-admin';
import { EstadoChip } from '../common/formato/EstadoChip';
import { useAjustesCorreo } from './api';

// Sent: green; failed for good: red; waiting: blue; discarded: grey.
const colores = { enviado: 'success', fallido: 'error', pendiente: 'info' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** The message's estado as a chip. */
export const EstadoCorreo = (_props: Props) => <EstadoChip recurso="correos" source="estado" colores={colores} />;

/** A long answer of the server wraps within its column instead of widening the table. */
export const wrapAt = (ancho: number) => ({ display: 'block', maxWidth: ancho, overflowWrap: 'anywhere' }) as const;

/**
 * The address, which may break after its @ and nowhere else a narrow column chooses
 * («joseherrero@gmail.co|m» read as two addresses).
 */
export const ParaCorreo = (_props: Props) => (
  <FunctionField
    source="para"
    render={(c) => {
      const [local, ...dominio] = String(c.para ?? '').split('@');
      return (
        <>
          {local}
          {dominio.length > 0 && (
            <>
              @<wbr />
              {dominio.join('@')}
            </>
          )}
        </>
      );
    }}
  />
);

/** Without SMTP_URL nothing leaves: the outbox says so, so nobody waits for what cannot come. */
export const AvisoSinServidor = () => {
  const translate = useTranslate();
  const { data } = useAjustesCorreo();
  if (data?.servidor !== false) return null;
  return (
    <Alert severity="info" sx={{ mx: 2, mt: 1 }}>
      {translate('aula.correo.sinServidor')}
    </Alert>
  );
};
