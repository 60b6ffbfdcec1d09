// «Importar alumnos» (docs/arquitectura.md §24): a CSV or XLSX of students from another platform.
// The file goes as its bytes to POST /usuarios/importar: first `modo=previsualizar` (nothing is
// written: the counts, each error with its row, column and reason, the first rows as they will
// be), then, with no errors, `modo=confirmar` (one transaction: all or nothing). The refused rows
// come back as a CSV to fix (`modo=rechazadas`). A MUI Button, whose label shows on phones too.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ErrorFila, FilaVista, Previsualizacion, Resultado } from '../../../contrato/importacion';
import { fetchApi, fetchJson, motivo } from '../providers/http';

type Estado =
  | { paso: 'inicio' }
  | { paso: 'comprobando'; archivo: File }
  | { paso: 'vista'; archivo: File; vista: Previsualizacion }
  | { paso: 'importando'; archivo: File; vista: Previsualizacion }
  | { paso: 'hecho'; resultado: Resultado }
  | { paso: 'fallo'; archivo?: File; mensaje: string; errores?: ErrorFila[] };

const ruta = (modo: string, archivo: File) => `/usuarios/importar?modo=${modo}&nombre=${encodeURIComponent(archivo.name)}`;

const fecha = (iso: string) => new Date(iso).toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** The rows' errors a refused confirmation names in its details. */
function erroresDe(error: unknown): ErrorFila[] | undefined {
  const details = (error as { body?: { error?: { details?: Array<{ info?: ErrorFila }> } } })?.body?.error?.details;
  if (!Array.isArray(details)) return undefined;
  const filas = details.map((d) => d.info).filter((i): i is ErrorFila => typeof i?.fila === 'number');
  return filas.length ? filas : undefined;
}

const TablaErrores = ({ errores }: { errores: ErrorFila[] }) => {
  const translate = useTranslate();
  return (
    // A region that scrolls is reached by the keyboard too (tabIndex), and says what it holds.
    <Box sx={{ overflowX: 'auto', maxHeight: 320 }} tabIndex={0} role="region" aria-label={translate('aula.importarAlumnos.errores')}>
      <Table size="small" stickyHeader aria-label={translate('aula.importarAlumnos.errores')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('aula.importarAlumnos.fila')}</TableCell>
            <TableCell>{translate('aula.importarAlumnos.columna')}</TableCell>
            <TableCell>{translate('aula.importarAlumnos.motivo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errores.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.fila}</TableCell>
              <TableCell>{e.columna}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.motivo}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

const Cifras = ({ vista }: { vista: Previsualizacion }) => {
  const translate = useTranslate();
  const cifras: Array<[string, number]> = [
    ['filas', vista.filas],
    ['crear', vista.crear],
    ['actualizar', vista.actualizar],
    ['sinCambios', vista.sinCambios],
    ['matriculas', vista.matriculas],
    ['errores', vista.totalErrores],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }, gap: 1, m: 0 }}>
      {cifras.map(([clave, n]) => (
        <Box key={clave} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`aula.importarAlumnos.${clave}`)}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} color={clave === 'errores' && n > 0 ? 'error' : undefined} data-testid={`cifra-${clave}`}>
            {n.toLocaleString('es-ES')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const Muestra = ({ filas }: { filas: FilaVista[] }) => {
  const translate = useTranslate();
  if (!filas.length) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3">{translate('aula.importarAlumnos.muestra')}</Typography>
      <Box sx={{ overflowX: 'auto', maxHeight: 320 }} tabIndex={0} role="region" aria-label={translate('aula.importarAlumnos.muestra')}>
        <Table size="small" stickyHeader aria-label={translate('aula.importarAlumnos.muestra')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('aula.importarAlumnos.fila')}</TableCell>
              <TableCell>{translate('aula.importarAlumnos.accion')}</TableCell>
              <TableCell>{translate('aula.importarAlumnos.alumno')}</TableCell>
              <TableCell>{translate('aula.importarAlumnos.curso')}</TableCell>
              <TableCell>{translate('aula.importarAlumnos.hasta')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {filas.map((f) => (
              <TableRow key={f.fila}>
                <TableCell>{f.fila}</TableCell>
                <TableCell>{translate(`aula.importarAlumnos.acciones.${f.accion}`)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {[f.usuario.nombre, f.usuario.apellidos].filter(Boolean).join(' ')}
                  <br />
                  <Typography variant="caption" color="text.secondary">
                    {f.usuario.email}
                  </Typography>
                </TableCell>
                <TableCell>{f.curso?.titulo ?? '—'}</TableCell>
                <TableCell>{f.curso ? (f.hasta ? fecha(f.hasta) : translate('aula.importarAlumnos.paraSiempre')) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
};

export const ImportarAlumnos = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [abierto, setAbierto] = useState(false);
  const [estado, setEstado] = useState<Estado>({ paso: 'inicio' });
  const movil = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ocupado = estado.paso === 'comprobando' || estado.paso === 'importando';

  const check = async (archivo: File) => {
    setEstado({ paso: 'comprobando', archivo });
    try {
      const { json } = await fetchJson<Previsualizacion>(ruta('previsualizar', archivo), { method: 'POST', body: archivo });
      setEstado({ paso: 'vista', archivo, vista: json });
    } catch (error) {
      setEstado({ paso: 'fallo', archivo, mensaje: motivo(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const confirm = async (archivo: File, vista: Previsualizacion) => {
    setEstado({ paso: 'importando', archivo, vista });
    try {
      const { json } = await fetchJson<Resultado>(ruta('confirmar', archivo), { method: 'POST', body: archivo });
      setEstado({ paso: 'hecho', resultado: json });
      refresh();
    } catch (error) {
      setEstado({ paso: 'fallo', archivo, mensaje: (error as Error)?.message || motivo(error), errores: erroresDe(error) });
    }
  };

  const download = async (archivo: File) => {
    try {
      const res = await fetchApi(ruta('rechazadas', archivo), { method: 'POST', body: archivo, headers: { Accept: 'text/csv' } });
      const nombre = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'filas-rechazadas.csv';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = nombre;
      document.body.appendChild(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify(motivo(error), { type: 'error', multiLine: true });
    }
  };

  const close = () => {
    if (ocupado) return;
    setAbierto(false);
    setEstado({ paso: 'inicio' });
  };

  const vista = estado.paso === 'vista' || estado.paso === 'importando' ? estado.vista : undefined;
  const archivo = 'archivo' in estado ? estado.archivo : undefined;

  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setAbierto(true)}>
        {translate('aula.importarAlumnos.boton')}
      </Button>
      <Dialog open={abierto} onClose={close} fullScreen={movil} fullWidth maxWidth="md" aria-labelledby="importar-alumnos-titulo">
        <DialogTitle id="importar-alumnos-titulo">{translate('aula.importarAlumnos.titulo')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="archivo-alumnos"
              onChange={(e) => {
                const elegido = e.target.files?.[0];
                if (elegido) void check(elegido);
              }}
            />
            {estado.paso === 'inicio' && <Typography variant="body2">{translate('aula.importarAlumnos.explicacion')}</Typography>}
            {ocupado && (
              <Box role="status">
                <Typography variant="body2" gutterBottom>
                  {estado.paso === 'comprobando'
                    ? translate('aula.importarAlumnos.comprobando', { nombre: estado.archivo.name })
                    : translate('aula.importarAlumnos.importando', { filas: estado.vista.filas.toLocaleString('es-ES') })}
                </Typography>
                <LinearProgress />
              </Box>
            )}
            {vista && (
              <>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {archivo?.name}
                </Typography>
                <Cifras vista={vista} />
                {vista.ignoradas.length > 0 && <Alert severity="info">{translate('aula.importarAlumnos.ignoradas', { columnas: vista.ignoradas.join(', ') })}</Alert>}
                {vista.totalErrores > 0 && (
                  <>
                    <Alert severity="error">
                      {translate('aula.importarAlumnos.hayErrores', { smart_count: vista.totalErrores })}
                      {vista.errores.length < vista.totalErrores && ` ${translate('aula.importarAlumnos.soloPrimeros', { n: vista.errores.length })}`}
                    </Alert>
                    <TablaErrores errores={vista.errores} />
                    <Box>
                      <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={() => archivo && void download(archivo)}>
                        {translate('aula.importarAlumnos.descargar')}
                      </Button>
                    </Box>
                  </>
                )}
                <Muestra filas={vista.muestra} />
              </>
            )}
            {estado.paso === 'hecho' && (
              <Alert severity="success">
                {translate('aula.importarAlumnos.hecho', {
                  creados: estado.resultado.creados.toLocaleString('es-ES'),
                  actualizados: estado.resultado.actualizados.toLocaleString('es-ES'),
                  sinCambios: estado.resultado.sinCambios.toLocaleString('es-ES'),
                  creadas: estado.resultado.matriculas.creadas.toLocaleString('es-ES'),
                  extendidas: estado.resultado.matriculas.extendidas.toLocaleString('es-ES'),
                })}
              </Alert>
            )}
            {estado.paso === 'fallo' && (
              <>
                <Alert severity="error">{estado.mensaje}</Alert>
                {estado.errores && <TablaErrores errores={estado.errores} />}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={ocupado}>
            {translate('aula.importarAlumnos.cerrar')}
          </Button>
          {estado.paso !== 'hecho' && (
            <Button startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={ocupado}>
              {translate(estado.paso === 'inicio' ? 'aula.importarAlumnos.elegir' : 'aula.importarAlumnos.otro')}
            </Button>
          )}
          {vista && (
            <Button variant="contained" onClick={() => archivo && void confirm(archivo, vista)} disabled={ocupado || vista.totalErrores > 0 || vista.filas === 0}>
              {translate('aula.importarAlumnos.importar')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
