// A new API token: its name, role and optional expiry. The API answers the token once; it is
// shown here, to copy into the shop's configuration, and never again.
import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Create, SelectInput, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { FechaHoraInput } from '../common/formularios/DateInputs';
import { validadores } from '../entidades';

const v = validadores('tokens', 'crear');

const TokenCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [creado, setCreado] = useState<{ nombre: string; rol: string; token: string } | undefined>();
  const close = () => {
    setCreado(undefined);
    redirect('list', 'tokens');
  };
  return (
    <>
      <Create redirect={false} mutationOptions={{ onSuccess: (data) => setCreado(data as unknown as { nombre: string; rol: string; token: string }) }}>
        <SimpleForm>
          <Typography variant="body2">{translate('aula.tokens.ayuda')}</Typography>
          <TextInput source="nombre" validate={v.nombre} />
          <SelectInput source="rol" choices={choicesDe('tokens', 'rol')} validate={v.rol} />
          <FechaHoraInput source="caduca" validate={v.caduca} />
        </SimpleForm>
      </Create>
      {/* Closed only by its button: a click beside it or Escape would lose a token shown once. */}
      <Dialog open={creado !== undefined} disableEscapeKeyDown aria-labelledby="token-titulo">
        <DialogTitle id="token-titulo">{translate('aula.tokens.creadoTitulo', { nombre: creado?.nombre ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('aula.tokens.creadoTexto', { rol: creado ? translate(claveDeValor('tokens', 'rol', creado.rol)) : '' })}</DialogContentText>
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem', mt: 2, userSelect: 'all', wordBreak: 'break-all' }} data-testid="token-creado">
            {creado?.token}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton
            onClick={() => {
              // A browser may refuse the clipboard (no permission, a page not served over https): say so, the token is still there to select.
              const copia = navigator.clipboard?.writeText(creado?.token ?? '') ?? Promise.reject(new Error('sin portapapeles'));
              copia.then(
                () => notify('aula.tokens.copiado', { type: 'info' }),
                () => notify('aula.tokens.noCopiado', { type: 'warning' }),
              );
            }}
          >
            {translate('aula.tokens.copiar')}
          </MuiButton>
          <MuiButton onClick={close} autoFocus>
            {translate('aula.tokens.entendido')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};

export default TokenCreate;
