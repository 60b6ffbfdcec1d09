import BuildIcon from '@mui/icons-material/Build';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type RaRecord, useNotify, useTranslate } from 'react-admin';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { useAccion } from '../common/acciones/useAccion';
import { CLAVE_ESTADO, useEstadoVerifactu } from './estado';

interface Props {
  /** The record's row in `remisiones`. */
  remision: RaRecord;
  /** How the record names its invoice («A-7»), for the dialog's title. */
  factura: string;
  /** Its client as the invoice has it now, to start the corrected fields from. */
  cliente?: { clienteNif?: string | null; clienteNombre?: string | null };
}

/**
 * «Subsanar» for a record the AEAT rejected or accepted with errors: asks first, says the record
 * itself never changes, and, only where the AEAT refused the client's identity, lets the client's
 * NIF and name be corrected with it.
 */
export const SubsanarButton = ({ remision, factura, cliente }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: estado } = useEstadoVerifactu();
  const { run, pendiente } = useAccion();
  const [abierto, setAbierto] = useState(false);
  const [nif, setNif] = useState('');
  const [nombre, setNombre] = useState('');
  const titulo = useId();
  if (!remision.vigente || (remision.estado !== 'incorrecto' && remision.estado !== 'aceptadoConErrores')) return null;
  const delCliente = Boolean(estado?.erroresDelCliente.includes(Number(remision.codigoError)));

  const openDialogo = () => {
    setNif(cliente?.clienteNif ?? '');
    setNombre(cliente?.clienteNombre ?? '');
    setAbierto(true);
  };
  const subsanar = async () => {
    const cuerpo: Record<string, string> = {};
    if (delCliente && nif.trim() && nif.trim() !== (cliente?.clienteNif ?? '')) cuerpo.clienteNif = nif.trim();
    if (delCliente && nombre.trim() && nombre.trim() !== (cliente?.clienteNombre ?? '')) cuerpo.clienteNombre = nombre.trim();
    if (await run('registros', remision.registroId, 'subsanar', cuerpo)) {
      notify('aula.verifactu.subsanar.hecho', { type: 'success' });
      setAbierto(false);
      void queryClient.invalidateQueries({ queryKey: CLAVE_ESTADO });
    }
  };

  return (
    <>
      <BotonAccion label="aula.verifactu.subsanar.boton" icon={<BuildIcon />} onClick={openDialogo} disabled={pendiente} />
      <Dialog open={abierto} onClose={() => setAbierto(false)} aria-labelledby={titulo} fullWidth maxWidth="sm">
        <DialogTitle id={titulo}>{translate('aula.verifactu.subsanar.titulo', { factura })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{translate('aula.verifactu.subsanar.explicacion')}</DialogContentText>
            {delCliente && (
              <>
                <DialogContentText>{translate('aula.verifactu.subsanar.cliente')}</DialogContentText>
                <TextField label={translate('aula.verifactu.subsanar.clienteNif')} value={nif} onChange={(e) => setNif(e.target.value)} inputProps={{ maxLength: 20 }} />
                <TextField label={translate('aula.verifactu.subsanar.clienteNombre')} value={nombre} onChange={(e) => setNombre(e.target.value)} inputProps={{ maxLength: 200 }} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAbierto(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={subsanar} disabled={pendiente}>
            {translate('aula.verifactu.subsanar.boton')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
