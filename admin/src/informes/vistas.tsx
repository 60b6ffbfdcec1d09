// The reports this page draws otherwise than as their declared table — KPIs, charts, lists to act
// on — by name. Any other report, a new one included, shows its table (Bloque, TablaInforme).
import { useState, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import type { Parametros } from './api';
import { Typography } from '@mui/material';
import { Bloque } from './Bloque';
import type { InformePublico } from './catalogo';
import { GraficoBarras } from './GraficoBarras';
import { Kpis } from './Kpis';
import { Pendientes } from './Pendientes';
import { TablaInforme } from './TablaInforme';
import { VentasPorCurso } from './VentasPorCurso';
import { entero, euros, eurosEje, fechaCorta } from './formato';
import type { InformeIngresos, InformePagosPorEstado, InformePagosPorMetodo, InformePendientes, InformeResumen, InformeUsuariosNuevos, InformeVentasPorCurso } from './tipos';

export interface PropsVista {
  informe: InformePublico;
  /** The page's choices (period, grouping), of which the report takes those it declares. */
  params: Parametros;
}

/** A report's whole card, drawn its own way. */
export type Vista = ComponentType<PropsVista>;

const t = (translate: ReturnType<typeof useTranslate>) => (k: string) => translate(`aula.informes.${k}`);

function Ingresos({ informe, params }: PropsVista) {
  const s = t(useTranslate());
  return (
    <Bloque<InformeIngresos> informe={informe} params={params} mitad>
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
            { clave: 'ingresos', nombre: s('series.ingresos') },
            { clave: 'importeReembolsado', nombre: s('series.importeReembolsado') },
          ]}
        />
      )}
    </Bloque>
  );
}

function UsuariosNuevos({ informe, params }: PropsVista) {
  const s = t(useTranslate());
  return (
    <Bloque<InformeUsuariosNuevos> informe={informe} params={params} mitad>
      {(d) => (
        <GraficoBarras
          datos={d.serie}
          x="clave"
          formatoX={fechaCorta}
          formatoValor={entero}
          series={[
            { clave: 'nuevos', nombre: s('series.nuevos') },
            { clave: 'compradores', nombre: s('series.compradores') },
          ]}
        />
      )}
    </Bloque>
  );
}

function PagosPorMetodo({ informe, params }: PropsVista) {
  const translate = useTranslate();
  return (
    <Bloque<InformePagosPorMetodo> informe={informe} params={params} mitad>
      {(d) => (
        <GraficoBarras
          datos={d.metodos.map((m) => ({ ...m, nombre: translate(claveDeValor('pagos', 'metodo', m.metodo)) }))}
          x="nombre"
          etiquetarTodas
          formatoValor={euros}
          formatoEje={eurosEje}
          series={[{ clave: 'importeCompletado', nombre: t(translate)('series.importe') }]}
        />
      )}
    </Bloque>
  );
}

function PagosPorEstado({ informe, params }: PropsVista) {
  const translate = useTranslate();
  return (
    <Bloque<InformePagosPorEstado> informe={informe} params={params} mitad>
      {(d) => (
        <GraficoBarras
          datos={d.estados.map((e) => ({ ...e, nombre: translate(claveDeValor('pagos', 'estado', e.estado)) }))}
          x="nombre"
          etiquetarTodas
          formatoValor={entero}
          series={[{ clave: 'pagos', nombre: t(translate)('series.pagos') }]}
        />
      )}
    </Bloque>
  );
}

/** What is stuck matters whatever its age: this block ignores the period (see the API) and asks its own age. */
function DineroPendiente({ informe }: PropsVista) {
  const s = t(useTranslate());
  const [dias, setDias] = useState(7);
  return (
    <Bloque<InformePendientes> informe={informe} params={{ dias }} subtitulo={s('pendientes.nota')}>
      {(d) => <Pendientes datos={d} dias={dias} onDias={setDias} />}
    </Bloque>
  );
}

/** Counted from today, whatever the period: how many end soon, and the soonest of them. */
function MatriculasPorCaducar({ informe, params }: PropsVista) {
  const translate = useTranslate();
  return (
    <Bloque<{ total: number; dias: number; limite: number; matriculas: unknown[] }> informe={informe} params={params} subtitulo={translate('aula.informes.porCaducar.nota')}>
      {(d) => (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('aula.informes.porCaducar.total', { smart_count: d.total, dias: d.dias })}
            {d.total > d.matriculas.length && ` · ${translate('aula.informes.pendientes.mostrando', { n: d.matriculas.length })}`}
          </Typography>
          {d.total > 0 && <TablaInforme informe={informe} datos={d as unknown as Record<string, unknown>} />}
        </>
      )}
    </Bloque>
  );
}

export const vistas: Record<string, Vista> = {
  resumen: ({ informe, params }) => <Bloque<InformeResumen> informe={informe} params={params}>{(d) => <Kpis datos={d} />}</Bloque>,
  ingresos: Ingresos,
  'usuarios-nuevos': UsuariosNuevos,
  'pagos-por-metodo': PagosPorMetodo,
  'pagos-por-estado': PagosPorEstado,
  'ventas-por-curso': ({ informe, params }) => (
    <Bloque<InformeVentasPorCurso> informe={informe} params={params}>
      {(d) => <VentasPorCurso datos={d} informe={informe} />}
    </Bloque>
  ),
  pendientes: DineroPendiente,
  'matriculas-por-caducar': MatriculasPorCaducar,
};
