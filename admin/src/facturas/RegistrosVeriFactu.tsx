import { Stack, Typography } from '@mui/material';
import {
  Labeled,
  RecordContextProvider,
  ReferenceManyField,
  SelectField,
  TextField,
  type RaRecord,
  useListContext,
  useTranslate,
} from 'react-admin';
import { tipoRegistroChoices } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import type { SinEtiqueta } from '../common/SinEtiqueta';
import { Vacio } from '../common/Vacio';
import { paginada } from '../common/paginada';

// A huella is 64 hex characters with no break: on a phone it must wrap anywhere, in a fixed font.
const huella = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

const Registro = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
        <Labeled source="tipo" resource="registros">
          <SelectField source="tipo" choices={tipoRegistroChoices} />
        </Labeled>
        {/* Stored with its Madrid offset, as the AEAT receives it; read the Spanish way. */}
        <Labeled source="fechaHoraHusoGenRegistro" resource="registros">
          <DateTimeField source="fechaHoraHusoGenRegistro" />
        </Labeled>
      </Stack>
      <Labeled source="huella" resource="registros">
        <TextField source="huella" sx={huella} />
      </Labeled>
      <Labeled source="huellaAnterior" resource="registros">
        <TextField source="huellaAnterior" sx={huella} emptyText={translate('aula.facturacion.primerRegistro')} />
      </Labeled>
    </Stack>
  );
};

const Registros = () => {
  const { data = [] } = useListContext<RaRecord>();
  return (
    <Stack>
      {data.map((registro) => (
        <RecordContextProvider key={registro.id} value={registro}>
          <Registro />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/**
 * The invoice's VeriFactu records, oldest first (its alta, then any anulación): the huella that
 * chains it to the issuer's previous record, and when it was generated.
 */
export const RegistrosVeriFactu = (_props: SinEtiqueta) => (
  <ReferenceManyField
    reference="registros"
    target="facturaId"
    sort={{ field: 'id', order: 'ASC' }}
    empty={<Vacio mensaje="aula.facturacion.sinRegistros" />}
    {...paginada}
  >
    <Registros />
  </ReferenceManyField>
);
