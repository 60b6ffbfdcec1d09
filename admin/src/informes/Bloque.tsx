// One report on the page: a card with its title, its CSV download and its loading/error state.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { downloadCsv, type Parametros } from './api';
import type { EstadoInforme } from './useInforme';

interface Props<T> {
  titulo: string;
  informe: string;
  params: Parametros;
  estado: EstadoInforme<T>;
  subtitulo?: ReactNode;
  children: (datos: T) => ReactNode;
}

export function Bloque<T>({ titulo, informe, params, estado, subtitulo, children }: Props<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const descargar = () =>
    downloadCsv(informe, params).catch((err: Error) => notify(`${translate('aula.informes.errorCsv')}: ${err.message}`, { type: 'error' }));
  return (
    <Card component="section" aria-label={titulo} sx={{ minWidth: 0 }}>
      <CardHeader
        title={titulo}
        subheader={subtitulo}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button size="small" startIcon={<DownloadIcon />} onClick={descargar} aria-label={translate('aula.informes.descargarCsv', { informe: titulo })}>
            {translate('aula.informes.csv')}
          </Button>
        }
      />
      {estado.cargando ? <LinearProgress aria-label={translate('aula.informes.cargando')} /> : <div style={{ height: 4 }} />}
      <CardContent sx={{ minWidth: 0 }}>
        {estado.error ? (
          <Alert severity="error">
            {translate('aula.informes.error')}: {estado.error}
          </Alert>
        ) : estado.datos ? (
          children(estado.datos)
        ) : (
          <Typography color="text.secondary">{translate('aula.informes.cargando')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
