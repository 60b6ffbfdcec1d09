import type { ReactElement, ReactNode } from 'react';
import { Box, ListItemText } from '@mui/material';
import { Datagrid, type DatagridProps, type RaRecord, useRecordContext } from 'react-admin';

type Texto = ReactNode | ((record: RaRecord) => ReactNode);

interface FilaProps {
  primaryText: Texto;
  secondaryText?: Texto;
  /** An element such as `<Terciario>…</Terciario>`, written after the primary text. */
  tertiaryText?: ReactElement;
  /** Shown at the row's left, like SimpleList's leftIcon (a thumbnail). */
  leftIcon?: (record: RaRecord) => ReactNode;
  /** Read by Datagrid for the column header. */
  label?: string;
  sortBy?: string;
}

const Fila = ({ primaryText, secondaryText, tertiaryText, leftIcon }: FilaProps) => {
  const record = useRecordContext();
  if (!record) return null;
  const show = (texto: Texto) => (typeof texto === 'function' ? texto(record) : texto);
  const texto = (
    <ListItemText
      // A long unbroken address or name breaks anywhere rather than widen a phone's list.
      sx={{ my: 0, minWidth: 0, overflowWrap: 'anywhere' }}
      primary={
        <div>
          {show(primaryText)}
          {tertiaryText}
        </div>
      }
      secondary={show(secondaryText)}
    />
  );
  if (!leftIcon) return texto;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {leftIcon(record)}
      {texto}
    </Box>
  );
};

interface Props extends FilaProps, Pick<DatagridProps, 'bulkActionButtons' | 'rowClick'> {}

/**
 * A phone list whose rows can be selected for bulk actions. react-admin 5's SimpleList has no
 * selection, so this is a one-column Datagrid (checkbox, «select all», bulk toolbar) whose cell
 * reads like a SimpleList row; its header sorts by the primary text.
 */
export const ListaMovil = ({ bulkActionButtons, rowClick, label, sortBy, ...fila }: Props) => (
  <Datagrid bulkActionButtons={bulkActionButtons} rowClick={rowClick}>
    <Fila label={label} sortBy={sortBy} {...fila} />
  </Datagrid>
);
