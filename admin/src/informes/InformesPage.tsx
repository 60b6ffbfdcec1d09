// «Informes»: the business's figures for a chosen period, each block with its chart or table
// and its CSV. Every figure is computed by the API (aggregate SQL); this page only shows them.
import { Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/choices';
import { Bloque } from './Bloque';
import { GraficoBarras } from './GraficoBarras';
import { Kpis } from './Kpis';
import { Pendientes } from './Pendientes';
import { SelectorPeriodo } from './SelectorPeriodo';
import { VentasPorCurso } from './VentasPorCurso';
import { entero, euros, eurosEje, fechaCorta } from './formato';
import { rangoDe, type Rango } from './periodos';
import type {
  InformeIngresos,
  InformePagosPorEstado,
  InformePagosPorMetodo,
  InformePendientes,
  InformeResumen,
  InformeUsuariosNuevos,
  InformeVentasPorCurso,
} from './tipos';
import { useInforme } from './useInforme';

const agrupaciones = ['dia', 'semana', 'mes'] as const;
type Agrupacion = (typeof agrupaciones)[number];

export default function InformesPage() {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`aula.informes.${k}`, opts);
  const [rango, setRango] = useState<Rango>(() => rangoDe('dias30'));
  const [agrupacion, setAgrupacion] = useState<Agrupacion>('dia');
  const [dias, setDias] = useState(7);

  const periodo = { desde: rango.desde, hasta: rango.hasta };
  const serie = { ...periodo, agrupacion };
  // What is stuck matters whatever its age: this block ignores the period (see the API).
  const pendientesParams = { dias };

  const resumen = useInforme<InformeResumen>('resumen', periodo);
  const ingresos = useInforme<InformeIngresos>('ingresos', serie);
  const ventas = useInforme<InformeVentasPorCurso>('ventas-por-curso', periodo);
  const metodos = useInforme<InformePagosPorMetodo>('pagos-por-metodo', periodo);
  const estados = useInforme<InformePagosPorEstado>('pagos-por-estado', periodo);
  const usuarios = useInforme<InformeUsuariosNuevos>('usuarios-nuevos', serie);
  const pendientes = useInforme<InformePendientes>('pendientes', pendientesParams);

  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={t('titulo')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SelectorPeriodo rango={rango} onChange={setRango} />
        <TextField
          select
          size="small"
          label={t('agrupacion.titulo')}
          value={agrupacion}
          onChange={(e) => setAgrupacion(e.target.value as Agrupacion)}
          sx={{ width: 160 }}
        >
          {agrupaciones.map((a) => (
            <MenuItem key={a} value={a}>
              {t(`agrupacion.${a}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Bloque titulo={t('bloques.resumen')} informe="resumen" params={periodo} estado={resumen}>
        {(d) => <Kpis datos={d} />}
      </Bloque>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Bloque titulo={t('bloques.ingresos')} informe="ingresos" params={serie} estado={ingresos}>
          {(d) => (
            <GraficoBarras
              datos={d.serie}
              x="clave"
              formatoX={fechaCorta}
              formatoValor={euros}
              formatoEje={eurosEje}
              // Money in and money back side by side, each on the day it moved: a bucket's net
              // would be negative on a day with a refund and no sale, and the KPI gives the net.
              series={[
                { clave: 'ingresos', nombre: t('series.ingresos') },
                { clave: 'importeReembolsado', nombre: t('series.importeReembolsado') },
              ]}
            />
          )}
        </Bloque>

        <Bloque titulo={t('bloques.usuariosNuevos')} informe="usuarios-nuevos" params={serie} estado={usuarios}>
          {(d) => (
            <GraficoBarras
              datos={d.serie}
              x="clave"
              formatoX={fechaCorta}
              formatoValor={entero}
              series={[
                { clave: 'nuevos', nombre: t('series.nuevos') },
                { clave: 'compradores', nombre: t('series.compradores') },
              ]}
            />
          )}
        </Bloque>

        <Bloque titulo={t('bloques.pagosPorMetodo')} informe="pagos-por-metodo" params={periodo} estado={metodos}>
          {(d) => (
            <GraficoBarras
              datos={d.metodos.map((m) => ({ ...m, nombre: translate(claveDeValor('pagos', 'metodo', m.metodo)) }))}
              x="nombre"
              etiquetarTodas
              formatoValor={euros}
              formatoEje={eurosEje}
              series={[{ clave: 'importeCompletado', nombre: t('series.importe') }]}
            />
          )}
        </Bloque>

        <Bloque titulo={t('bloques.pagosPorEstado')} informe="pagos-por-estado" params={periodo} estado={estados}>
          {(d) => (
            <GraficoBarras
              datos={d.estados.map((e) => ({ ...e, nombre: translate(claveDeValor('pagos', 'estado', e.estado)) }))}
              x="nombre"
              etiquetarTodas
              formatoValor={entero}
              series={[{ clave: 'pagos', nombre: t('series.pagos') }]}
            />
          )}
        </Bloque>
      </Box>

      <Bloque titulo={t('bloques.ventasPorCurso')} informe="ventas-por-curso" params={periodo} estado={ventas}>
        {(d) => <VentasPorCurso datos={d} />}
      </Bloque>

      <Bloque titulo={t('bloques.pendientes')} subtitulo={t('pendientes.nota')} informe="pendientes" params={pendientesParams} estado={pendientes}>
        {(d) => <Pendientes datos={d} dias={dias} onDias={setDias} />}
      </Bloque>
    </Box>
  );
}
