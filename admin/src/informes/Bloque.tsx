// One report on the page: a card with its declared title, its CSV download and its loading/error
// state; inside, what its view draws or else its declared table.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { downloadCsv, type Parametros } from './api';
import type { InformePublico } from './catalogo';
import { TablaInforme } from './TablaInforme';
import { useInforme } from './useInforme';

interface Props<T> {
  informe: InformePublico;
  params: Parametros;
  subtitulo?: ReactNode;
  /** Half the page's width beside another from md up; the whole width otherwise. */
  mitad?: boolean;
  children?: (datos: T) => ReactNode;
}

export function Bloque<T>({ informe, params, subtitulo, mitad, children }: Props<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const estado = useInforme<T>(informe.nombre, params);
  const titulo = informe.titulo;
  const download = () =>
    downloadCsv(informe.nombre, params).catch((err: Error) => notify(`${translate('aula.informes.errorCsv')}: ${err.message}`, { type: 'error' }));
  return (
    <Card component="section" aria-label={titulo} sx={{ minWidth: 0, gridColumn: mitad ? undefined : '1 / -1' }}>
      <CardHeader
        title={titulo}
        subheader={subtitulo}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button size="small" startIcon={<DownloadIcon />} onClick={download} aria-label={translate('aula.informes.descargarCsv', { informe: titulo })}>
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
          children ? children(estado.datos) : <TablaInforme informe={informe} datos={estado.datos as Record<string, unknown>} />
        ) : (
          <Typography color="text.secondary">{translate('aula.informes.cargando')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
