import { Chip } from '@mui/material';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import type { DateFieldProps } from 'react-admin';
import { DiaField } from '../common/formato/DateTimeField';
import { EstadoChip, FilaDeChips } from '../common/formato/EstadoChip';

// An activa one gives access; a caducada one ran out; a revocada one was taken away.
const colores = { activa: 'success', revocada: 'error' } as const;

/** A matrícula's end as a day, or «Sin fin» when it has none (access for ever). */
export const HastaField = (props: Omit<DateFieldProps, 'source'> & { source?: string }) => (
  <DiaField source="hasta" emptyText="aula.matriculas.sinFin" {...props} />
);

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** Its estado as a chip; one whose pago is disputed at the bank says so beside it. */
export const EstadoMatricula = (_props: Props) => {
  const matricula = useRecordContext<RaRecord>();
  const translate = useTranslate();
  return (
    <FilaDeChips>
      <EstadoChip recurso="matriculas" source="estado" colores={colores} />
      {matricula?.enDisputa === true && <Chip size="small" color="warning" label={translate('resources.matriculas.fields.enDisputa')} />}
    </FilaDeChips>
  );
};
