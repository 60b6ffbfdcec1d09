// Facturación › VeriFactu: how the remission to the AEAT is going, and the
// records that need correcting, each with the AEAT's own message and the action that corrects it.
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Card, CardContent, Link as EnlaceMui, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ListBase, type RaRecord, RecordContextProvider, ReferenceField, Title, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { Dato } from '../common/formato/Dato';
import { formatDiaHora } from '../common/formato/dates';
import { Paginacion } from '../common/listas/Paginacion';
import { fetchJson } from '../providers/http';
import { NumeroFactura } from '../facturas/NumeroFactura';
import { ChipAeat } from './ChipAeat';
import { CAMPOS_REMISION } from './EstadoVerifactu';
import { CLAVE_ESTADO, useEstadoVerifactu, type EstadoRemision } from './estado';
import { SubsanarButton } from './SubsanarButton';

function useHace() {
  const translate = useTranslate();
  return (iso: string) => {
    const minutos = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000));
    return minutos < 60
      ? translate('aula.verifactu.pagina.haceMinutos', { smart_count: minutos })
      : translate('aula.verifactu.pagina.haceHoras', { horas: Math.floor(minutos / 60), minutos: minutos % 60 });
  };
}

const Reintentar = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reintentar = async () => {
    await fetchJson('/verifactu/reintentar', { method: 'POST', body: {} });
    notify('aula.verifactu.pagina.reintentado', { type: 'info' });
    void queryClient.invalidateQueries({ queryKey: CLAVE_ESTADO });
  };
  return <BotonAccion label="aula.verifactu.pagina.reintentar" icon={<ReplayIcon />} onClick={reintentar} variant="outlined" />;
};

const Estado = ({ e }: { e: EstadoRemision }) => {
  const translate = useTranslate();
  const hace = useHace();
  const t = (clave: string, opciones?: Record<string, unknown>) => translate(`aula.verifactu.pagina.${clave}`, opciones);
  const envio = e.ultimoEnvio;
  return (
    <Stack spacing={2}>
      {e.bloqueo && (
        <Alert severity="error" action={<Reintentar />} sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
          <strong>{t('bloqueo')}</strong> ({formatDiaHora(e.bloqueo.desde)}): {e.bloqueo.texto}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0 }}>
        <Dato etiqueta={t('estado')}>{t(`modo.${e.modo}`)}</Dato>
        {e.certificado && <Dato etiqueta={t('certificado')}>{t('certificadoDe', { titular: e.certificado.titular, caduca: e.certificado.caducaEs })}</Dato>}
        <Dato etiqueta={t('pendientes')}>{e.pendientes.toLocaleString('es-ES')}</Dato>
        <Dato etiqueta={t('masAntiguo')}>{e.pendienteMasAntiguo ? `${formatDiaHora(e.pendienteMasAntiguo)} (${hace(e.pendienteMasAntiguo)})` : t('ninguno')}</Dato>
        {e.modo !== 'desactivado' && (
          <>
            <Dato etiqueta={t('ultimoEnvio')}>
              {envio
                ? `${t('envio', { fecha: formatDiaHora(envio.inicio), smart_count: envio.registros, estado: envio.estadoEnvio ? t(`estadoAeat.${envio.estadoEnvio}`) : t(`estadoEnvio.${envio.estado}`) })}${envio.csv ? ` · CSV ${envio.csv}` : ''}${envio.error && !envio.estadoEnvio ? ` · ${envio.error}` : ''}`
                : t('sinEnvios')}
            </Dato>
            <Dato etiqueta={t('siguienteEnvio')}>{e.bloqueo ? t('bloqueado') : e.siguienteEnvio ? formatDiaHora(e.siguienteEnvio) : t('sinSiguiente')}</Dato>
            <Dato etiqueta={t('espera')}>{t('segundos', { smart_count: e.tiempoEspera })}</Dato>
            {e.fallosSeguidos > 0 && <Dato etiqueta={t('fallos')}>{e.fallosSeguidos}</Dato>}
          </>
        )}
      </Box>
    </Stack>
  );
};

/** The invoice a record belongs to, and its client: what «Subsanar» may correct. */
const SubsanarDeFactura = ({ remision }: { remision: RaRecord }) => {
  const factura = useRecordContext<RaRecord>();
  if (!factura) return null;
  return <SubsanarButton remision={remision} factura={`${factura.serie}-${factura.numero}`} cliente={factura as { clienteNif?: string; clienteNombre?: string }} />;
};

const PorSubsanar = () => {
  const { data = [], total, isPending } = useListContext<RaRecord>();
  const translate = useTranslate();
  if (isPending) return null;
  if (!data.length) return <Typography variant="body2">{translate('aula.verifactu.pagina.nadaPorSubsanar')}</Typography>;
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Stack spacing={0.75}>
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
                <ReferenceField source="facturaId" reference="facturas" link="show">
                  <NumeroFactura />
                </ReferenceField>
                <ReferenceField source="registroId" reference="registros" link={false}>
                  <TipoDeRegistro />
                </ReferenceField>
                <ChipAeat tono={r.estado === 'incorrecto' ? 'error' : 'aviso'} etiqueta={translate(claveDeValor('remisiones', 'estado', r.estado))} />
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {translate('aula.verifactu.error', { codigo: r.codigoError ?? '', texto: r.descripcionError ?? '' })}
              </Typography>
              <Box>
                <ReferenceField source="facturaId" reference="facturas" link={false}>
                  <SubsanarDeFactura remision={r} />
                </ReferenceField>
              </Box>
            </Stack>
          </Box>
        </RecordContextProvider>
      ))}
      {(total ?? 0) > data.length && <Paginacion rowsPerPageOptions={[10]} />}
    </Stack>
  );
};

const TipoDeRegistro = () => {
  const registro = useRecordContext<RaRecord>();
  const translate = useTranslate();
  return registro ? <Typography variant="body2" component="span">{translate(claveDeValor('registros', 'tipo', registro.tipo))}</Typography> : null;
};

const VerifactuPage = () => {
  const translate = useTranslate();
  const { data: estado } = useEstadoVerifactu();
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 0 } }}>
      <Title title={translate('aula.verifactu.titulo')} />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('aula.verifactu.pagina.remision')}
            </Typography>
            {estado && <Estado e={estado} />}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('aula.verifactu.pagina.porSubsanar')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('aula.verifactu.pagina.porSubsanarAyuda')}
            </Typography>
            <ListBase
              resource="remisiones"
              filter={{ vigente: true, estado: ['incorrecto', 'aceptadoConErrores'] }}
              sort={{ field: 'registroId', order: 'ASC' }}
              perPage={10}
              disableSyncWithLocation
              queryOptions={{ meta: { fields: CAMPOS_REMISION } }}
            >
              <PorSubsanar />
            </ListBase>
          </CardContent>
        </Card>
        <Typography variant="body2">
          <EnlaceMui href="/declaracion-responsable" color="inherit">
            {translate('aula.verifactu.pagina.declaracion')}
          </EnlaceMui>
        </Typography>
      </Stack>
    </Box>
  );
};

export default VerifactuPage;
