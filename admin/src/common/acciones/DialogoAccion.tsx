import { useState, type ReactElement, type ReactNode } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, type RaRecord, SaveButton, useTranslate } from 'react-admin';
import { BotonAccion } from './BotonAccion';
import { CambiosSinGuardar } from '../formularios/CambiosSinGuardar';

interface Props {
  /** Translation keys: the button (and the dialog's own), its title and what it explains first. */
  label: string;
  titulo: string;
  ayuda?: string;
  /** Values for the title's and the help's placeholders. */
  valores?: Record<string, unknown>;
  icon: ReactElement;
  /** The form's starting values: nothing of the record's is sent but what the form holds. */
  valoresIniciales: Partial<RaRecord>;
  /**
   * Runs the action with what was typed: resolves to true when done (the dialog closes), or to
   * the server's messages by field, which the form shows under them.
   */
  onSubmit: (datos: Record<string, any>) => Promise<true | Record<string, unknown>>;
  pendiente: boolean;
  /** The action may go as the dialog opens, nothing typed (every field optional: «Enviar por email»). */
  sinCambios?: boolean;
  id: string;
  children: ReactNode;
}

/**
 * An action that needs more than a yes (rectificar, reembolsar): a button that opens a dialog
 * with its own form, validated as the API validates, the server's refusals under their fields.
 */
export const DialogoAccion = ({ label, titulo, ayuda, valores, icon, valoresIniciales, onSubmit, pendiente, sinCambios = false, id, children }: Props) => {
  const translate = useTranslate();
  const [abierto, setAbierto] = useState(false);
  const close = () => !pendiente && setAbierto(false);
  const submit = async (datos: Record<string, any>) => {
    const resultado = await onSubmit(datos);
    if (resultado === true) {
      setAbierto(false);
      return undefined;
    }
    return resultado;
  };

  return (
    <>
      <BotonAccion label={label} icon={icon} onClick={() => setAbierto(true)} />
      <Dialog
        open={abierto}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-titulo`}
        // The form sits between the dialog and its parts: as a column, only the content scrolls on
        // a phone, and the title and the buttons stay in sight.
        slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } } } }}
      >
        <Form onSubmit={submit} record={valoresIniciales}>
          <CambiosSinGuardar />
          <DialogTitle id={`${id}-titulo`}>{translate(titulo, valores)}</DialogTitle>
          <DialogContent>
            {ayuda && <DialogContentText sx={{ mb: 2 }}>{translate(ayuda, valores)}</DialogContentText>}
            {children}
          </DialogContent>
          <DialogActions>
            {/* MUI's button: react-admin's shows only its icon on a phone, and this one has none.
                Focused on opening, as in every dialog before what cannot be undone (temas.ts). */}
            <MuiButton onClick={close} disabled={pendiente} autoFocus>
              {translate('ra.action.cancel')}
            </MuiButton>
            <SaveButton label={label} icon={icon} alwaysEnable={sinCambios && !pendiente} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
