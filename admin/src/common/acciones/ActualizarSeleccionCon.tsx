import { useState, type ReactElement, type ReactNode } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  Button,
  Form,
  SaveButton,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
  useUpdateMany,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { NoAplicados } from '../../providers/dataProvider';
import { CambiosSinGuardar } from '../formularios/CambiosSinGuardar';
import { useCambioMasivo } from './useCambioMasivo';

interface Props {
  label: string;
  icon: ReactElement;
  /** Translation key of the dialog's title, given the number of selected rows as smart_count. */
  title: string;
  /** The inputs whose values are applied to every selected row. */
  children: ReactNode;
  /** Asked before the change is sent («¿publicar también sus clases?»); false keeps the dialog open. */
  antesDeGuardar?: (data: Partial<RaRecord>, ids: Identifier[]) => Promise<boolean>;
}

/**
 * A bulk change whose value the administrator chooses («Mover a curso…», «Cambiar estado…»):
 * a dialog with a small form, applied to the selected rows in one PATCH that the dialog waits
 * for; a refusal keeps the dialog open and says the server's reason. Rows changed since the
 * list was read are left as they are, and the notification says how many.
 */
export const ActualizarSeleccionCon = ({ label, icon, title, children, antesDeGuardar }: Props) => {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const { meta, onError } = useCambioMasivo('actualizar');
  const translate = useTranslate();
  const count = selectedIds.length;
  const close = () => !isPending && setOpen(false);

  const submit = async (data: Partial<RaRecord>) => {
    if (antesDeGuardar && !(await antesDeGuardar(data, selectedIds))) return;
    await updateMany(
      resource,
      { ids: selectedIds, data, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          onUnselectItems();
          notify('ra.notification.updated', { messageArgs: { smart_count: count } });
        },
        onError: (error) => {
          // Some rows changed since they were listed: the rest were changed, so the dialog is done.
          if (error instanceof NoAplicados) setOpen(false);
          onError(error);
        },
      },
    );
  };

  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="actualizar-seleccion-titulo">
        <Form onSubmit={submit}>
          <CambiosSinGuardar />
          <DialogTitle id="actualizar-seleccion-titulo">{translate(title, { smart_count: count })}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            {/* MUI's button: react-admin's shows only its icon on a phone, and this one has none. */}
            <MuiButton onClick={close} disabled={isPending}>
              {translate('ra.action.cancel')}
            </MuiButton>
            <SaveButton label="ra.action.confirm" icon={icon} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
