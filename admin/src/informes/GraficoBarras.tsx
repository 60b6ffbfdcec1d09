// The one chart shape the page uses: bars per category or per time bucket, sized to its
// container so it fits a phone as well as a desktop.
import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Serie {
  clave: string;
  nombre: string;
  color?: string;
}

interface Props<T> {
  datos: T[];
  x: keyof T & string;
  series: Serie[];
  formatoX?: (v: string) => string;
  formatoValor?: (v: number) => string;
  formatoEje?: (v: number) => string;
  /** Long labels (course titles): bars run horizontally so the names stay readable. */
  horizontal?: boolean;
  /** Label every category instead of skipping some when space is short. */
  etiquetarTodas?: boolean;
  alto?: number;
}

/** Course titles can be long: the axis shows the start, the tooltip the whole title. */
const recortar = (v: unknown) => {
  const s = String(v);
  return s.length > 18 ? `${s.slice(0, 17)}…` : s;
};

export function GraficoBarras<T>({ datos, x, series, formatoX, formatoValor, formatoEje, horizontal, etiquetarTodas, alto = 280 }: Props<T>) {
  const theme = useTheme();
  const colores = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.error.light, theme.palette.success.main];
  const categoria = { dataKey: x as string, tickFormatter: formatoX && ((v: unknown) => formatoX(String(v))), type: 'category' as const };
  // Named categories (métodos, estados) all get their label; time buckets skip some to fit.
  const todas = etiquetarTodas ? { interval: 0 } : { minTickGap: 12 };
  const valor = { tickFormatter: formatoEje && ((v: unknown) => formatoEje(Number(v))), type: 'number' as const, allowDecimals: false };
  return (
    <ResponsiveContainer width="100%" height={alto}>
      <BarChart data={datos} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        {horizontal ? (
          <>
            <XAxis {...valor} />
            <YAxis {...categoria} width={140} tick={{ fontSize: 12 }} tickFormatter={recortar} interval={0} />
          </>
        ) : (
          <>
            <XAxis {...categoria} {...todas} />
            <YAxis {...valor} width={70} />
          </>
        )}
        <Tooltip
          formatter={(v) => (formatoValor && typeof v === 'number' ? formatoValor(v) : String(v))}
          labelFormatter={(l) => (formatoX ? formatoX(String(l)) : String(l))}
        />
        {series.length > 1 && <Legend />}
        {series.map((s, i) => (
          <Bar key={s.clave} dataKey={s.clave} name={s.nombre} fill={s.color ?? colores[i % colores.length]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
