// A record's «Historial» tab (docs/arquitectura.md §17): who, when, from where, and each change as the
// field's label, before → after, read as people read them; «Restaurar esta versión» on what can
// be restored (the registry's `restaurable`), asked first, with the server's reason if refused.
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { FilaHistorial } from '../../providers/dataProvider';
import { motivo } from '../../providers/http';
import { recurso } from '../../entidades';
import { BotonConfirmado } from '../acciones/BotonConfirmado';
import { formatDiaHora } from '../formato/dates';
import { etiquetaDe, quienDe, valorLegible } from './valorLegible';

export const Historial = () => {
  const resource = useResourceContext()!;
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  // The API answers only a role that reads the record; another is not shown a refusal.
  const { canAccess } = useCanAccess({ action: 'read', resource, record });
  const { data: filas, isPending, error } = useQuery({
    queryKey: [resource, 'historial', record?.id, record?.version],
    queryFn: () => dataProvider.historial(resource, record!.id) as Promise<FilaHistorial[]>,
    enabled: record !== undefined && canAccess === true,
  });
  if (canAccess === false) return null;
  if (error) return <Typography color="error">{translate(motivo(error))}</Typography>;
  if (!record || isPending) return <Typography>{translate('aula.cargando')}</Typography>;
  if (!filas?.length) return <Typography>{translate('aula.historial.vacio')}</Typography>;
  return (
    <List aria-label={translate('aula.historial.titulo')} sx={{ width: '100%' }}>
      {filas.map((fila) => (
        <Entrada key={fila.id} fila={fila} resource={resource} actual={fila.version === record.version} />
      ))}
    </List>
  );
};

const Entrada = ({ fila, resource, actual }: { fila: FilaHistorial; resource: string; actual: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const quien = quienDe(fila, translate);
  const cambios = fila.cambios ? Object.entries(fila.cambios) : [];
  const restaurable = recurso(resource).restaurable && fila.accion !== 'borrar' && fila.version !== null && fila.cambios !== null && !actual;
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      {/* Second level: above it is only the page's title, its one h1 in the app bar («Historial» over the list is a label, not a heading); an h3 would skip one (axe's `heading-order`). */}
      <Typography variant="subtitle2" component="h2">
        {translate(`aula.historial.accion.${fila.accion}`, { _: fila.accion })} · {formatDiaHora(fila.fecha)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {/* The server's own work (a job, the start-up) comes from nowhere a person should look. */}
        {fila.ip && (fila.login || fila.token) ? translate('aula.historial.quienDesde', { quien, ip: fila.ip }) : quien}
        {fila.version !== null && ` · ${translate('aula.historial.version', { version: fila.version })}`}
      </Typography>
      {fila.cambios === null && <Typography variant="body2">{translate('aula.historial.purgado')}</Typography>}
      <Stack component="dl" spacing={0.5} sx={{ my: 1 }}>
        {cambios.map(([campo, cambio]) => (
          <Box key={campo} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, overflowWrap: 'anywhere' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {etiquetaDe(resource, campo, translate)}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
              {Array.isArray(cambio)
                ? `${valorLegible(resource, campo, cambio[0], translate, record?.moneda)} → ${valorLegible(resource, campo, cambio[1], translate, record?.moneda)}`
                : translate('aula.historial.cambiada')}
            </Typography>
          </Box>
        ))}
      </Stack>
      {restaurable && <Restaurar fila={fila} resource={resource} />}
    </ListItem>
  );
};

const Restaurar = ({ fila, resource }: { fila: FilaHistorial; resource: string }) => {
  const record = useRecordContext()!;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return (
    <BotonConfirmado
      label="aula.historial.restaurar"
      titulo="aula.historial.restaurarTitulo"
      pregunta="aula.historial.restaurarPregunta"
      valores={{ version: fila.version, fecha: formatDiaHora(fila.fecha) }}
      icon={<RestoreIcon />}
      onConfirm={async () => {
        try {
          await dataProvider.restaurar(resource, record.id, fila.id);
          notify('aula.historial.restaurada', { type: 'info', messageArgs: { version: fila.version } });
        } catch (error) {
          notify(motivo(error), { type: 'error' });
        }
        await queryClient.invalidateQueries({ queryKey: [resource, 'historial'] });
        refresh();
      }}
    />
  );
};
