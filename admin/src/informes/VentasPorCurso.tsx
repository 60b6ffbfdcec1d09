// Sales by course: the ten best as bars, every course in the table below.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { GraficoBarras } from './GraficoBarras';
import { entero, euros, eurosEje } from './formato';
import type { InformeVentasPorCurso } from './tipos';

export function VentasPorCurso({ datos }: { datos: InformeVentasPorCurso }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const t = (k: string) => translate(`aula.informes.columnas.${k}`);
  const filas = datos.cursos.map((c) => ({ ...c, nombre: c.titulo ?? translate('aula.informes.sinCurso') }));
  if (filas.length === 0) return <>{translate('aula.informes.sinDatos')}</>;
  return (
    <>
      <GraficoBarras
        datos={filas.slice(0, 10)}
        x="nombre"
        horizontal
        alto={Math.max(160, Math.min(filas.length, 10) * 36)}
        series={[{ clave: 'ingresos', nombre: translate('aula.informes.series.ingresos') }]}
        formatoValor={euros}
        formatoEje={eurosEje}
      />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('curso')}</TableCell>
              <TableCell align="right">{t('ventas')}</TableCell>
              <TableCell align="right">{t('ingresos')}</TableCell>
              <TableCell align="right">{t('ticketMedio')}</TableCell>
              <TableCell align="right">{t('reembolsos')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {filas.map((c) => (
              <TableRow key={c.cursoId ?? 'sin-curso'}>
                <TableCell>
                  {c.cursoId === null ? c.nombre : <Link to={createPath({ resource: 'cursos', id: c.cursoId, type: 'show' })}>{c.nombre}</Link>}
                </TableCell>
                <TableCell align="right">{entero(c.ventas)}</TableCell>
                <TableCell align="right">{euros(c.ingresos)}</TableCell>
                <TableCell align="right">{euros(c.ticketMedio)}</TableCell>
                <TableCell align="right">
                  {entero(c.reembolsos)}
                  {c.importeReembolsado > 0 && ` (${euros(c.importeReembolsado)})`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
