import { Chip, type ChipProps, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { claveDeValor } from './choices';

type Color = ChipProps['color'];

interface Props {
  /** The entity whose enum field `source` is: the chip reads its value's label. */
  recurso: string;
  source: string;
  /** The colour of each value; the rest are grey. */
  colores: Record<string, Color>;
  // Read by Datagrid and the show layouts from the element's props.
  label?: string;
  sortable?: boolean;
}

/** A record's state as a small coloured chip, so a list is scanned for it at a glance. */
export const EstadoChip = ({ recurso, source, colores }: Props) => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const valor = record?.[source];
  if (valor == null) return null;
  return <Chip size="small" label={translate(claveDeValor(recurso, source, valor))} color={colores[valor] ?? 'default'} />;
};

/** A state chip and the ones that qualify it («Pagada» «Rectificada»), side by side, wrapping on a phone. */
export const FilaDeChips = ({ children }: { children: ReactNode }) => (
  <Stack component="span" direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
    {children}
  </Stack>
);
