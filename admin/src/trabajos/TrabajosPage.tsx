// «Tareas automáticas»: each kind of background work as a card (when it runs, how its last run
// went, the next one, what waits), and below it the jobs that failed for good, each with its
// reason and «Reintentar». Only the administrador reaches it.
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { Dato } from '../common/formato/Dato';
import AccesoDenegado from '../layout/AccesoDenegado';
import { formatDiaHora } from '../common/formato/dates';
import { fetchJson, motivo } from '../providers/http';
import { ChipAeat, type Tono } from '../verifactu/ChipAeat';
import { CLAVE_TRABAJOS, useTrabajos, type EstadoTipo, type ResumenTipo } from './api';

const TONO: Record<EstadoTipo, Tono> = { desactivado: 'neutro', conFallos: 'error', reintentando: 'aviso', ejecutando: 'ok', enCola: 'aviso', alDia: 'ok' };

type Traducir = (clave: string, opciones?: Record<string, unknown>) => string;

function periodo(t: Traducir, ms: number): string {
  const minutos = Math.round(ms / 60_000);
  return minutos % 60 === 0 ? t('horas', { smart_count: minutos / 60 }) : t('minutos', { smart_count: minutos });
}

const Reintentar = ({ id, descrito }: { id: number; descrito: string }) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reintentar = async () => {
    try {
      await fetchJson(`/trabajos/${id}/reintentar`, { method: 'POST', body: {} });
      notify('aula.trabajos.reintentado', { type: 'info' });
    } catch (error) {
      notify(motivo(error), { type: 'error' });
    }
    void queryClient.invalidateQueries({ queryKey: CLAVE_TRABAJOS });
  };
  return <BotonAccion label="aula.trabajos.reintentar" icon={<ReplayIcon />} onClick={reintentar} variant="outlined" aria-describedby={descrito} />;
};

const Fallos = ({ r, t }: { r: ResumenTipo; t: Traducir }) => (
  <Box sx={{ mt: 2 }}>
    <Typography variant="subtitle2" component="h3">
      {t('fallos')}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {t('fallosAyuda')}
    </Typography>
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {r.fallos.map((f) => (
        <Box component="li" key={f.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Stack spacing={0.75} id={`fallo-${f.id}`}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {f.error}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('fallo', { fin: f.fin ? formatDiaHora(f.fin) : '', smart_count: f.intentos })}
              {f.clave ? ` · ${t('clave', { clave: f.clave })}` : ''}
            </Typography>
          </Stack>
          <Box sx={{ mt: 0.75 }}>
            <Reintentar id={f.id} descrito={`fallo-${f.id}`} />
          </Box>
        </Box>
      ))}
    </Stack>
    {r.fallidos > r.fallos.length && (
      <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
        {t('masFallos', { smart_count: r.fallidos - r.fallos.length })}
      </Typography>
    )}
  </Box>
);

const Tipo = ({ r }: { r: ResumenTipo }) => {
  const translate = useTranslate();
  const t: Traducir = (clave, opciones) => translate(`aula.trabajos.${clave}`, opciones);
  const u = r.ultima;
  const ultima = !u
    ? t('nunca')
    : t(`resultado.${u.resultado}`, { inicio: u.inicio ? formatDiaHora(u.inicio) : '', fin: u.fin ? formatDiaHora(u.fin) : '', error: u.error ?? '' });
  const esperando = [r.pendientes ? t('enEspera', { smart_count: r.pendientes }) : '', r.ejecutando ? t('enMarcha', { smart_count: r.ejecutando }) : ''].filter(Boolean).join(' · ');
  return (
    <Card component="section" aria-labelledby={`tipo-${r.tipo}`}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" id={`tipo-${r.tipo}`}>
            {r.etiqueta}
          </Typography>
          <ChipAeat etiqueta={t(`estado.${r.estado}`)} tono={TONO[r.estado]} />
        </Stack>
        <Box component="dl" sx={{ m: 0 }}>
          <Dato etiqueta={t('cuando')}>{!r.activo ? t('desactivada') : r.cadaMs ? t('cada', { tiempo: periodo(t, r.cadaMs) }) : t('aPeticion')}</Dato>
          <Dato etiqueta={t('ultima')}>{ultima}</Dato>
          <Dato etiqueta={t('proxima')}>{r.activo && r.proxima ? formatDiaHora(r.proxima) : t('sinProxima')}</Dato>
          <Dato etiqueta={t('enCola')}>{esperando || t('nada')}</Dato>
        </Box>
        {r.fallos.length > 0 && <Fallos r={r} t={t} />}
      </CardContent>
    </Card>
  );
};

const TrabajosPage = () => {
  const translate = useTranslate();
  // A page, not a resource: react-admin does not check it by itself (a contable who types the address).
  const { canAccess } = useCanAccess({ action: 'list', resource: 'trabajos' });
  const { data, error } = useTrabajos(canAccess === true);
  if (canAccess === false) return <AccesoDenegado />;
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 0 } }}>
      <Title title={translate('aula.trabajos.titulo')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.trabajos.ayuda')}
      </Typography>
      {error && <Typography color="error">{translate(motivo(error))}</Typography>}
      <Stack spacing={2}>
        {data?.map((r) => (
          <Tipo key={r.tipo} r={r} />
        ))}
      </Stack>
    </Box>
  );
};

export default TrabajosPage;
