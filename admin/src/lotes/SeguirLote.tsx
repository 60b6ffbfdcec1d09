// The lote just launched, followed while the server works through it: GET /lotes/{id} every
// second until it is terminado (or fallido), then its summary. Closing the window stops only the
// reading: the lote goes on, and «Lotes de matrículas» keeps it.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link } from 'react-router-dom';
import { type Identifier, type RaRecord, useCreatePath, useGetOne, useTranslate } from 'react-admin';
import { isLoteAcabado, ResumenLote } from './ResumenLote';

interface Props {
  id: Identifier;
  /** The lote as POST /matriculas/lote answered it: shown until the first reading. */
  inicial?: RaRecord;
  onClose: () => void;
}

/** Every second while the lote is running; not once it is over. */
const cadaSegundo = (query: { state: { data?: RaRecord } }) => (isLoteAcabado(query.state.data) ? false : 1000);

export const useLote = (id: Identifier, inicial?: RaRecord) =>
  useGetOne<RaRecord>('lotes', { id }, { refetchInterval: cadaSegundo, placeholderData: inicial });

export const SeguirLote = ({ id, inicial, onClose }: Props) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data: lote } = useLote(id, inicial);
  const acabado = isLoteAcabado(lote);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`lote-${id}-titulo`}>
      <DialogTitle id={`lote-${id}-titulo`}>{translate('aula.lotes.seguirTitulo', { id })}</DialogTitle>
      <DialogContent>
        {lote && <ResumenLote lote={lote} />}
        {!acabado && <DialogContentText sx={{ mt: 2 }}>{translate('aula.lotes.segundoPlano')}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={createPath({ resource: 'lotes', id, type: 'show' })} onClick={onClose}>
          {translate('aula.lotes.verLote')}
        </Button>
        <Button onClick={onClose} autoFocus variant={acabado ? 'contained' : 'text'}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
