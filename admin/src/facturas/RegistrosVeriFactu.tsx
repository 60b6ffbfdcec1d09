import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  Labeled,
  RecordContextProvider,
  ReferenceManyField,
  SelectField,
  TextField,
  type RaRecord,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { remisionActiva, useEstadoVerifactu } from '../verifactu/estado';
import { ChipAeat } from '../verifactu/ChipAeat';
import { CAMPOS_REMISION } from '../verifactu/EstadoVerifactu';
import { SubsanarButton } from '../verifactu/SubsanarButton';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';

// A huella is 64 hex characters with no break: on a phone it must wrap anywhere, in a fixed font.
const huella = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

const tonos = { pendiente: 'neutro', correcto: 'ok', aceptadoConErrores: 'aviso', incorrecto: 'error' } as const;

/**
 * How the record went to the AEAT: its state, the CSV the AEAT gave (or its error, in its own
 * words), how it was generated if it corrects another, and «Subsanar» when it needs it.
 */
const Remision = ({ remision, factura }: { remision?: RaRecord; factura?: RaRecord }) => {
  const translate = useTranslate();
  const registro = useRecordContext<RaRecord>();
  const { data: estado } = useEstadoVerifactu();
  if (!remision || !estado) return null;
  const activa = remisionActiva(estado);
  const marcas = (['subsanacion', 'rechazoPrevio', 'sinRegistroPrevio'] as const).filter((m) => remision[m]).map((m) => translate(`aula.verifactu.correccion.${m}`));
  return (
    <Stack spacing={0.5} sx={{ overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <ChipAeat
          contorno={!activa}
          tono={activa ? tonos[remision.estado as keyof typeof tonos] : 'neutro'}
          etiqueta={translate(activa ? claveDeValor('remisiones', 'estado', remision.estado) : 'aula.verifactu.estadoFactura.noRemitida')}
        />
        {marcas.map((m) => (
          <Chip key={m} size="small" variant="outlined" label={m} />
        ))}
        {remision.intentos > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('aula.verifactu.intentos', { smart_count: remision.intentos })}
          </Typography>
        )}
      </Stack>
      {remision.csv && <Typography variant="body2">{translate('aula.verifactu.csv', { csv: remision.csv })}</Typography>}
      {!remision.csv && remision.duplicado && <Typography variant="body2">{translate('aula.verifactu.sinCsv')}</Typography>}
      {remision.codigoError != null && (
        <Typography variant="body2" color={remision.estado === 'incorrecto' ? 'error' : 'warning.dark'}>
          {translate('aula.verifactu.error', { codigo: remision.codigoError, texto: remision.descripcionError ?? '' })}
        </Typography>
      )}
      {!remision.vigente && (
        <Typography variant="body2" color="text.secondary">
          {translate('aula.verifactu.subsanado')}
        </Typography>
      )}
      {activa && (
        <Box>
          <SubsanarButton remision={remision} factura={registro?.numSerieFactura ?? ''} cliente={factura as { clienteNif?: string | null; clienteNombre?: string | null } | undefined} />
        </Box>
      )}
    </Stack>
  );
};

const Registro = ({ remision, factura }: { remision?: RaRecord; factura?: RaRecord }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Remision remision={remision} factura={factura} />
      <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
        <Labeled source="tipo" resource="registros">
          <SelectField source="tipo" choices={choicesDe('registros', 'tipo')} />
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

const Registros = ({ factura }: { factura?: RaRecord }) => {
  const { data = [] } = useListContext<RaRecord>();
  const ids = data.map((r) => r.id);
  // Each record's row in the remission queue, in one request for the page of records.
  const { data: remisiones = [] } = useGetList(
    'remisiones',
    { filter: { registroId: ids }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, meta: { fields: CAMPOS_REMISION } },
    { enabled: ids.length > 0 },
  );
  return (
    <Stack>
      {data.map((registro) => (
        <RecordContextProvider key={registro.id} value={registro}>
          <Registro remision={remisiones.find((m) => m.registroId === registro.id)} factura={factura} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/**
 * The invoice's VeriFactu records, oldest first (its alta, then any anulación or correction): how
 * each went to the AEAT, the huella that chains it to the issuer's previous record, and when it
 * was generated.
 */
export const RegistrosVeriFactu = (_props: SinEtiqueta) => {
  const factura = useRecordContext<RaRecord>();
  return (
    <ReferenceManyField
      reference="registros"
      target="facturaId"
      sort={{ field: 'id', order: 'ASC' }}
      empty={<Vacio mensaje="aula.facturacion.sinRegistros" />}
      {...paginada}
    >
      <Registros factura={factura} />
    </ReferenceManyField>
  );
};
