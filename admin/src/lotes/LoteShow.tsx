// One lote: what was asked (acción, curso, hasta or motivo, when and by whom) and what it did,
// read again every second while the server works through it.
import { Labeled, type RaRecord, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField, DiaField } from '../common/formato/DateTimeField';
import { AccionLote, EstadoLote } from './campos';
import { isLoteAcabado, ResumenDelLote } from './ResumenLote';

/** Every second while the lote is running; not once it is over. */
const cadaSegundo = (query: { state: { data?: RaRecord } }) => (isLoteAcabado(query.state.data) ? false : 1000);

const Titulo = () => {
  const lote = useRecordContext();
  const translate = useTranslate();
  return <>{lote ? translate('aula.lotes.seguirTitulo', { id: lote.id }) : ''}</>;
};

/** «Hasta» only where it means something: a matricular's, empty for what the curso gives. */
const HastaLote = (_props: { label?: string }) => {
  const lote = useRecordContext();
  if (lote?.accion !== 'matricular') return null;
  return (
    <Labeled label="resources.lotes.fields.hasta">
      <DiaField source="hasta" emptyText="aula.lotes.hastaDelCurso" />
    </Labeled>
  );
};

const MotivoLote = () => {
  const lote = useRecordContext();
  if (lote?.accion !== 'revocar') return null;
  return (
    <Labeled label="resources.lotes.fields.motivo">
      <TextField source="motivo" sx={{ overflowWrap: 'anywhere' }} />
    </Labeled>
  );
};

const LoteShow = () => (
  <Show actions={<TopToolbar />} title={<Titulo />} queryOptions={{ refetchInterval: cadaSegundo }}>
    <SimpleShowLayout>
      <DateTimeField source="createdAt" />
      <AccionLote label="resources.lotes.fields.accion" />
      <ReferenceField source="cursoId" reference="cursos" link="show" />
      <HastaLote />
      <MotivoLote />
      <EstadoLote label="resources.lotes.fields.estado" />
      <DateTimeField source="terminadoEn" />
      <Labeled label="aula.lotes.resultado" fullWidth>
        <ResumenDelLote />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default LoteShow;
