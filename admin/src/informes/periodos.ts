// The date-range presets, as calendar days in the administrator's own zone (the API reads them
// as days in the business's zone, which for a Spanish business is the same).
import { diaIso, finDelDia, inicioDelDia } from '../common/formato/dates';

export interface Rango {
  desde: string;
  hasta: string;
}

export const presets = ['hoy', 'dias7', 'dias30', 'esteMes', 'mesPasado', 'esteAnio'] as const;
export type Preset = (typeof presets)[number];

export function rangoDe(preset: Preset, hoy: Date = new Date()): Rango {
  const y = hoy.getFullYear();
  const m = hoy.getMonth();
  const d = hoy.getDate();
  const dia = (year: number, month: number, day: number) => diaIso(new Date(year, month, day));
  switch (preset) {
    case 'hoy':
      return { desde: dia(y, m, d), hasta: dia(y, m, d) };
    case 'dias7':
      return { desde: dia(y, m, d - 6), hasta: dia(y, m, d) };
    case 'dias30':
      return { desde: dia(y, m, d - 29), hasta: dia(y, m, d) };
    case 'esteMes':
      return { desde: dia(y, m, 1), hasta: dia(y, m, d) };
    case 'mesPasado':
      // Day 0 of this month is the last day of the previous one.
      return { desde: dia(y, m - 1, 1), hasta: dia(y, m, 0) };
    case 'esteAnio':
      return { desde: dia(y, 0, 1), hasta: dia(y, m, d) };
  }
}

/** The preset a range corresponds to today, if any, so its button shows as chosen. */
export const presetDe = (r: Rango, hoy: Date = new Date()): Preset | undefined =>
  presets.find((p) => {
    const x = rangoDe(p, hoy);
    return x.desde === r.desde && x.hasta === r.hasta;
  });

const fechaLocal = (dia: string) => {
  const [y, m, d] = dia.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** A range as the instants a list filter sends: from the first one of `desde` to the last one of `hasta`. */
export const instantesDe = (r: Rango) => ({
  desde: inicioDelDia(fechaLocal(r.desde)).toISOString(),
  hasta: finDelDia(fechaLocal(r.hasta)).toISOString(),
});
