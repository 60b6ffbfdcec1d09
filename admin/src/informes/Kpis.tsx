// The headline figures, each with its change against the previous period of equal length.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { entero, euros, fechaCorta, porcentaje, variacion } from './formato';
import type { Cifras, InformeResumen } from './tipos';

interface Kpi {
  clave: keyof Cifras;
  valor: (c: Cifras) => string;
  /** For refunds more is worse: the arrow keeps its direction, the colour flips. */
  subirEsMalo?: boolean;
}

const kpis: Kpi[] = [
  { clave: 'ingresosNetos', valor: (c) => euros(c.ingresosNetos) },
  { clave: 'pagos', valor: (c) => entero(c.pagos) },
  { clave: 'ticketMedio', valor: (c) => euros(c.ticketMedio) },
  { clave: 'reembolsos', valor: (c) => entero(c.reembolsos), subirEsMalo: true },
  { clave: 'usuariosNuevos', valor: (c) => entero(c.usuariosNuevos) },
  { clave: 'cursosVendidos', valor: (c) => entero(c.cursosVendidos) },
];

function Cambio({ actual, previo, subirEsMalo }: { actual: number | null; previo: number | null; subirEsMalo?: boolean }) {
  const translate = useTranslate();
  const r = variacion(actual, previo);
  if (r === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('aula.informes.kpi.sinComparacion')}
      </Typography>
    );
  }
  const sube = r > 0;
  const color = r === 0 ? 'text.secondary' : sube !== Boolean(subirEsMalo) ? 'success.main' : 'error.main';
  return (
    <Typography variant="body2" color={color}>
      {translate('aula.informes.kpi.variacion', { flecha: r === 0 ? '=' : sube ? '▲' : '▼', porcentaje: porcentaje(r) })}
    </Typography>
  );
}

export function Kpis({ datos }: { datos: InformeResumen }) {
  const translate = useTranslate();
  const { actual, previo } = datos;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('aula.informes.periodo.comparado', { desde: fechaCorta(datos.anterior.desde!), hasta: fechaCorta(datos.anterior.hasta) })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}>
        {kpis.map((k) => (
          <Card key={k.clave} variant="outlined" data-testid={`kpi-${k.clave}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {translate(`aula.informes.kpi.${k.clave}`)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ whiteSpace: 'nowrap', fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
                {k.valor(actual)}
              </Typography>
              {k.clave === 'ingresosNetos' && actual.importeReembolsado > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {translate('aula.informes.kpi.ingresosBrutos', { importe: euros(actual.ingresos) })}
                </Typography>
              )}
              {k.clave === 'reembolsos' && actual.importeReembolsado > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {translate('aula.informes.kpi.importeReembolsado', { importe: euros(actual.importeReembolsado) })}
                </Typography>
              )}
              <Cambio actual={actual[k.clave]} previo={previo[k.clave]} subirEsMalo={k.subirEsMalo} />
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
