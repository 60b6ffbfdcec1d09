// The one chart shape the page uses: bars per category or per time bucket, sized to its
// container so it fits a phone as well as a desktop.
import { useTheme } from '@mui/material';
import { useRef, useState } from 'react';
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
const truncate = (v: unknown) => {
  const s = String(v);
  return s.length > 18 ? `${s.slice(0, 17)}…` : s;
};

// The value axis's width and the chart's margins: what is left is the categories'.
const ANCHO_EJE_VALOR = 70;
const MARGEN = 8;
/** Space kept between two names under their bars. */
const SEPARACION = 8;
/** The names beside sideways bars, in px (under upright bars they have the card's size). */
const TAMANO_NOMBRE_DE_LADO = 12;

let lienzo: CanvasRenderingContext2D | null | undefined;
/** How wide `texto` is drawn in `fuente` (a CSS font shorthand), as the browser draws it. */
function anchoDeTexto(texto: string, fuente: string): number {
  lienzo ??= document.createElement('canvas').getContext('2d');
  if (!lienzo) return texto.length * 10;
  lienzo.font = fuente;
  return lienzo.measureText(texto).width;
}

/** Whether every name fits under its bar, on one line, with room between neighbours. */
function cabenDebajo(nombres: string[], ancho: number, fuente: string): boolean {
  const porBarra = (ancho - ANCHO_EJE_VALOR - 2 * MARGEN) / Math.max(nombres.length, 1);
  return nombres.every((nombre) => anchoDeTexto(nombre, fuente) + SEPARACION <= porBarra);
}

export function GraficoBarras<T>({ datos, x, series, formatoX, formatoValor, formatoEje, horizontal, etiquetarTodas, alto = 280 }: Props<T>) {
  const theme = useTheme();
  const caja = useRef<HTMLDivElement>(null);
  const [ancho, setAncho] = useState(0);
  // Named categories (métodos, estados) where their names do not fit side by side (a phone, a
  // half-width card) get their bars sideways, each name on a line of its own: names under
  // their bars ran into each other («TarjetaPayPalBizumTransferencia»).
  const nombres = etiquetarTodas ? datos.map((d) => (formatoX ? formatoX(String(d[x])) : String(d[x]))) : [];
  const estilo = caja.current ? getComputedStyle(caja.current) : undefined;
  const familia = estilo?.fontFamily ?? '';
  const deLado = horizontal || (etiquetarTodas && ancho > 0 && !cabenDebajo(nombres, ancho, `${estilo?.fontSize} ${familia}`));
  // Sideways, the names' column is as wide as the longest (course titles: cut to fit 140 px).
  const anchoNombres = horizontal || !deLado
    ? 140
    : Math.min(140, Math.ceil(Math.max(0, ...nombres.map((n) => anchoDeTexto(n, `${TAMANO_NOMBRE_DE_LADO}px ${familia}`)))) + 2 * SEPARACION);
  const colores = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.error.light, theme.palette.success.main];
  const categoria = { dataKey: x as string, tickFormatter: formatoX && ((v: unknown) => formatoX(String(v))), type: 'category' as const };
  // Named categories (métodos, estados) all get their label; time buckets skip some to fit.
  const todas = etiquetarTodas ? { interval: 0 } : { minTickGap: 12 };
  const valor = { tickFormatter: formatoEje && ((v: unknown) => formatoEje(Number(v))), type: 'number' as const, allowDecimals: false };
  return (
    <div ref={caja}>
      <ResponsiveContainer width="100%" height={alto} onResize={(w) => setAncho(w)}>
        <BarChart data={datos} layout={deLado ? 'vertical' : 'horizontal'} margin={{ top: MARGEN, right: MARGEN, bottom: MARGEN, left: MARGEN }}>
          <CartesianGrid strokeDasharray="3 3" />
          {deLado ? (
            <>
              <XAxis {...valor} />
              <YAxis {...categoria} width={anchoNombres} tick={{ fontSize: TAMANO_NOMBRE_DE_LADO }} tickFormatter={truncate} interval={0} />
            </>
          ) : (
            <>
              <XAxis {...categoria} {...todas} />
              <YAxis {...valor} width={ANCHO_EJE_VALOR} />
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
    </div>
  );
}
