// Sales by course: the ten best as bars, every course in the report's table below.
import { useTranslate } from 'react-admin';
import type { InformePublico } from './catalogo';
import { GraficoBarras } from './GraficoBarras';
import { euros, eurosEje } from './formato';
import { TablaInforme } from './TablaInforme';
import type { InformeVentasPorCurso } from './tipos';

export function VentasPorCurso({ datos, informe }: { datos: InformeVentasPorCurso; informe: InformePublico }) {
  const translate = useTranslate();
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
      <TablaInforme informe={informe} datos={datos as unknown as Record<string, unknown>} />
    </>
  );
}
