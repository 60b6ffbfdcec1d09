// What a lote has done: while the server works through it, a bar of the usuarios processed of its
// total; then, and all along, its counts («Hechas · Sin cambios · Rechazadas») and each refused
// usuario, by name, with the reason. The follow-up dialog and the lote's page both show it.
import { Alert, Box, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { type RaRecord, useCreatePath, useGetMany, useRecordContext, useTranslate } from 'react-admin';
import { nombreDe } from '../entidades';

const miles = new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions);
/** A count as the administrator reads it: «1.234». */
export const formatCifra = (n: unknown) => miles.format(Number(n ?? 0));

/** Whether the server is done with it: nothing more will change. */
export const isLoteAcabado = (lote: RaRecord | undefined) => lote?.estado === 'terminado' || lote?.estado === 'fallido';

interface Rechazo {
  usuarioId: number;
  motivo: string;
}

/** The refused usuarios the lote keeps (a JSON text), or none. */
export function parseRechazos(errores: unknown): Rechazo[] {
  if (typeof errores !== 'string' || !errores) return [];
  try {
    const lista = JSON.parse(errores);
    return Array.isArray(lista) ? lista.filter((r) => r && typeof r.usuarioId === 'number') : [];
  } catch {
    return [];
  }
}

/** «Hechas 12 · Sin cambios 3 · Rechazadas 1», as a list's row says it. */
export const CifrasLote = (_props: { label?: string }) => {
  const lote = useRecordContext();
  const translate = useTranslate();
  if (!lote) return null;
  return <>{translate('aula.lotes.cifras', { hechas: formatCifra(lote.hechas), saltadas: formatCifra(lote.saltadas), rechazadas: formatCifra(lote.rechazadas) })}</>;
};

const Rechazos = ({ lote }: { lote: RaRecord }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const rechazos = parseRechazos(lote.errores);
  const ids = [...new Set(rechazos.map((r) => r.usuarioId))];
  // A usuario deleted since (the commonest reason) is no longer there: his number stands for him.
  const { data: usuarios } = useGetMany('usuarios', { ids }, { enabled: ids.length > 0 });
  if (!rechazos.length) return null;
  const porId = new Map((usuarios ?? []).map((u) => [Number(u.id), u]));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" id={`rechazos-${lote.id}`}>
        {translate('aula.lotes.rechazos')}
      </Typography>
      <Table size="small" aria-labelledby={`rechazos-${lote.id}`}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('aula.lotes.usuario')}</TableCell>
            <TableCell>{translate('aula.lotes.motivo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rechazos.map((r) => {
            const usuario = porId.get(r.usuarioId);
            return (
              <TableRow key={r.usuarioId} data-testid={`rechazo-${r.usuarioId}`}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {usuario ? <Link to={createPath({ resource: 'usuarios', id: r.usuarioId, type: 'show' })}>{nombreDe('usuarios', usuario)}</Link> : `#${r.usuarioId}`}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.motivo}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {Number(lote.rechazadas) > rechazos.length && (
        <Typography variant="caption" color="text.secondary">
          {translate('aula.lotes.soloPrimeros', { n: formatCifra(rechazos.length), total: formatCifra(lote.rechazadas) })}
        </Typography>
      )}
    </Box>
  );
};

/** The lote's progress and summary. */
export const ResumenLote = ({ lote }: { lote: RaRecord }) => {
  const translate = useTranslate();
  const total = Number(lote.total ?? 0);
  const procesados = Number(lote.procesados ?? 0);
  const acabado = isLoteAcabado(lote);
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      {!acabado && (
        <>
          <LinearProgress
            variant={lote.estado === 'pendiente' ? 'indeterminate' : 'determinate'}
            value={total ? Math.min(100, (procesados / total) * 100) : 0}
            aria-label={translate('aula.lotes.progreso', { procesados: formatCifra(procesados), total: formatCifra(total) })}
          />
          <Typography variant="body2">
            {lote.estado === 'pendiente' ? translate('aula.lotes.enCola') : translate('aula.lotes.progreso', { procesados: formatCifra(procesados), total: formatCifra(total) })}
          </Typography>
        </>
      )}
      {lote.estado === 'fallido' && <Alert severity="error">{translate('aula.lotes.fallido')}</Alert>}
      <Typography variant="body1" data-testid="resumen-lote">
        {translate('aula.lotes.resumen', {
          hechas: formatCifra(lote.hechas),
          saltadas: formatCifra(lote.saltadas),
          rechazadas: formatCifra(lote.rechazadas),
          porque: translate(`aula.lotes.porque.${lote.accion === 'revocar' ? 'revocar' : 'matricular'}`),
        })}
      </Typography>
      <Rechazos lote={lote} />
    </Stack>
  );
};

/** The summary of the lote in context (its page). */
export const ResumenDelLote = (_props: { label?: string; fullWidth?: boolean }) => {
  const lote = useRecordContext();
  return lote ? <ResumenLote lote={lote} /> : null;
};
