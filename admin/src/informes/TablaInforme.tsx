// A report's rows as a table, from its declared columns: their labels head it, their types format
// each cell, and a value that names a record links to it. Any report gets this table with no
// edit here.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { ColumnaInforme, InformePublico } from './catalogo';
import { entero, euros, fechaCorta, fechaHora } from './formato';

type Fila = Record<string, unknown>;

const porcentaje = (ratio: number) => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

function texto(c: ColumnaInforme, v: unknown): string {
  if (v === null || v === undefined) return c.vacio ?? '—';
  switch (c.tipo) {
    case 'entero':
      return entero(Number(v));
    case 'dinero':
      return euros(Number(v));
    case 'porcentaje':
      return porcentaje(Number(v));
    case 'fecha':
      return String(v).includes('T') ? fechaHora(String(v)) : fechaCorta(String(v));
    default:
      return String(v);
  }
}

export function TablaInforme({ informe, datos }: { informe: InformePublico; datos: Record<string, unknown> }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const filas = (informe.filas ? datos[informe.filas] : undefined) as Fila[] | undefined;
  if (!filas?.length) return <>{translate('aula.informes.sinDatos')}</>;
  // A record's id goes into its link, not into a column of its own.
  const ids = new Set(informe.columnas.flatMap((c) => (c.enlace ? [c.enlace.id] : [])));
  const columnas = informe.columnas.filter((c) => !ids.has(c.clave));
  const derecha = (c: ColumnaInforme) => (c.tipo === 'texto' || c.tipo === 'fecha' ? 'left' : 'right');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columnas.map((c) => (
              <TableCell key={c.clave} align={derecha(c)}>
                {c.etiqueta}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((f, n) => (
            <TableRow key={n}>
              {columnas.map((c) => {
                const id = c.enlace && f[c.enlace.id];
                return (
                  <TableCell key={c.clave} align={derecha(c)}>
                    {c.enlace && id !== null && id !== undefined ? (
                      <Link to={createPath({ resource: c.enlace.recurso, id: id as number, type: 'show' })}>{texto(c, f[c.clave])}</Link>
                    ) : (
                      texto(c, f[c.clave])
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
