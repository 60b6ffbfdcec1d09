// Calendar arithmetic behind the reports' buckets, without a database: day starts across both DST
// changes, clipping of weeks and months, and the bucket count used to refuse huge ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodo, periodoAnterior } from '../../src/informes/parametros.js';
import { cuantosIntervalos, diaEn, esDia, fechaHoraCorta, inicioDelDia, intervalos, lunesDe, addDias, type Agrupacion } from '../../src/base/tiempo.js';

const TZ = 'Europe/Madrid';

describe('inicioDelDia', () => {
  it('is 23:00 UTC the day before in winter and 22:00 UTC in summer', () => {
    expect(inicioDelDia('2026-01-11', TZ)).toBe('2026-01-10T23:00:00.000Z');
    expect(inicioDelDia('2026-07-01', TZ)).toBe('2026-06-30T22:00:00.000Z');
  });

  it('makes 29 March 2026 a 23-hour day and 25 October 2026 a 25-hour one', () => {
    const horas = (dia: string) => (Date.parse(inicioDelDia(addDias(dia, 1), TZ)) - Date.parse(inicioDelDia(dia, TZ))) / 3_600_000;
    expect(horas('2026-03-29')).toBe(23);
    expect(horas('2026-10-25')).toBe(25);
    expect(horas('2026-10-26')).toBe(24);
  });

  it('where a DST change skips midnight, the day starts when the clock jumps', () => {
    // Havana: 8 March 2026, 00:00 CST becomes 01:00 CDT (05:00 UTC).
    expect(inicioDelDia('2026-03-08', 'America/Havana')).toBe('2026-03-08T05:00:00.000Z');
  });

  it('is the first instant diaEn places on that day, for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 30 }), (n) => {
        const dia = addDias('2000-01-01', n);
        const inicio = new Date(inicioDelDia(dia, TZ));
        return diaEn(inicio, TZ) === dia && diaEn(new Date(inicio.getTime() - 1), TZ) === addDias(dia, -1);
      }),
    );
  });
});

describe('intervalos', () => {
  it('clips the first and last month to the range and keys them YYYY-MM', () => {
    expect(intervalos('2026-01-15', '2026-03-02', 'mes', TZ)).toEqual([
      { clave: '2026-01', inicio: '2026-01-14T23:00:00.000Z', fin: '2026-01-31T23:00:00.000Z' },
      { clave: '2026-02', inicio: '2026-01-31T23:00:00.000Z', fin: '2026-02-28T23:00:00.000Z' },
      { clave: '2026-03', inicio: '2026-02-28T23:00:00.000Z', fin: '2026-03-02T23:00:00.000Z' },
    ]);
  });

  it('keys weeks by their ISO Monday, also across a new year', () => {
    expect(lunesDe('2026-01-01')).toBe('2025-12-29');
    expect(intervalos('2025-12-31', '2026-01-05', 'semana', TZ).map((i) => i.clave)).toEqual(['2025-12-29', '2026-01-05']);
  });

  it('tiles the range exactly, and cuantosIntervalos predicts how many', () => {
    const agrupacion = fc.constantFrom<Agrupacion>('dia', 'semana', 'mes');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), agrupacion, (start, len, a) => {
        const desde = addDias('2020-01-01', start);
        const hasta = addDias(desde, len);
        const b = intervalos(desde, hasta, a, TZ);
        expect(b).toHaveLength(cuantosIntervalos(desde, hasta, a));
        expect(b[0].inicio).toBe(inicioDelDia(desde, TZ));
        expect(b.at(-1)!.fin).toBe(inicioDelDia(addDias(hasta, 1), TZ));
        for (let i = 1; i < b.length; i++) expect(b[i].inicio).toBe(b[i - 1].fin);
        expect(new Set(b.map((x) => x.clave)).size).toBe(b.length);
      }),
      { numRuns: 60 },
    );
  });
});

it('esDia accepts only real calendar dates', () => {
  expect(esDia('2024-02-29')).toBe(true);
  expect(esDia('2026-02-29')).toBe(false);
  expect(esDia('2026-13-01')).toBe(false);
  expect(esDia('2026-1-01')).toBe(false);
});

describe('periodoAnterior', () => {
  const anterior = (desde: string, hasta: string) => {
    const p = periodoAnterior(periodo(desde, hasta, TZ), TZ);
    return [p.desde, p.hasta];
  };

  it('compares «mes pasado» with the whole month before it, whatever its length', () => {
    expect(anterior('2026-10-01', '2026-10-31')).toEqual(['2026-09-01', '2026-09-30']);
    expect(anterior('2026-03-01', '2026-03-31')).toEqual(['2026-02-01', '2026-02-28']);
    expect(anterior('2024-03-01', '2024-03-31')).toEqual(['2024-02-01', '2024-02-29']);
    expect(anterior('2026-01-01', '2026-01-31')).toEqual(['2025-12-01', '2025-12-31']);
    expect(anterior('2026-09-01', '2026-09-30')).toEqual(['2026-08-01', '2026-08-31']);
  });

  it('compares several whole months with as many months before, and a year with the year before', () => {
    expect(anterior('2026-04-01', '2026-06-30')).toEqual(['2026-01-01', '2026-03-31']);
    expect(anterior('2026-01-01', '2026-12-31')).toEqual(['2025-01-01', '2025-12-31']);
  });

  it('compares «este mes» and «este año» so far with the same days of the month or year before', () => {
    expect(anterior('2026-11-01', '2026-11-25')).toEqual(['2026-10-01', '2026-10-25']);
    expect(anterior('2026-11-01', '2026-11-01')).toEqual(['2026-10-01', '2026-10-01']);
    expect(anterior('2026-12-01', '2026-12-31')).toEqual(['2026-11-01', '2026-11-30']);
    // The month before is shorter: its last day stands in for the ones it lacks.
    expect(anterior('2026-03-01', '2026-03-30')).toEqual(['2026-02-01', '2026-02-28']);
    expect(anterior('2024-03-01', '2024-03-30')).toEqual(['2024-02-01', '2024-02-29']);
    expect(anterior('2026-01-01', '2026-01-15')).toEqual(['2025-12-01', '2025-12-15']);
    expect(anterior('2026-01-01', '2026-11-25')).toEqual(['2025-01-01', '2025-11-25']);
    expect(anterior('2028-01-01', '2028-02-28')).toEqual(['2027-01-01', '2027-02-28']);
  });

  it('compares any other period with as many days before it', () => {
    expect(anterior('2026-10-02', '2026-10-31')).toEqual(['2026-09-02', '2026-10-01']);
    expect(anterior('2026-10-15', '2026-11-14')).toEqual(['2026-09-14', '2026-10-14']);
    expect(anterior('2026-02-01', '2026-03-15')).toEqual(['2025-12-20', '2026-01-31']);
    expect(anterior('2026-11-24', '2026-11-24')).toEqual(['2026-11-23', '2026-11-23']);
  });

  it('ends the day before the period starts, at Madrid midnight', () => {
    const p = periodo('2026-11-01', '2026-11-30', TZ);
    const a = periodoAnterior(p, TZ);
    expect(a.fin).toBe(p.inicio);
    expect(a.inicio).toBe('2026-09-30T22:00:00.000Z'); // 1 October, still summer time
  });
});

describe('fechaHoraCorta', () => {
  it('writes dd/mm/aaaa hh:mm in Madrid time, on both sides of each DST change', () => {
    expect(fechaHoraCorta(new Date('2026-03-29T00:59:59.999Z'), TZ)).toBe('29/03/2026 01:59');
    expect(fechaHoraCorta(new Date('2026-03-29T01:00:00.000Z'), TZ)).toBe('29/03/2026 03:00');
    expect(fechaHoraCorta(new Date('2026-10-25T00:30:00.000Z'), TZ)).toBe('25/10/2026 02:30');
    expect(fechaHoraCorta(new Date('2026-10-25T01:30:00.000Z'), TZ)).toBe('25/10/2026 02:30');
    expect(fechaHoraCorta(new Date('2026-12-31T23:00:00.000Z'), TZ)).toBe('01/01/2027 00:00');
  });

  const zonas = [TZ, 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns', 'America/Havana'];
  const segunIntl = (t: number, zona: string) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: zona, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(new Date(t))
        .map((x) => [x.type, x.value]),
    );
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  };

  it('agrees with Intl for any instant, also where offsets or changes fall off the hour', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zonas), fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }), (zona, t) => {
        expect(fechaHoraCorta(new Date(t), zona)).toBe(segunIntl(t, zona));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with Intl every quarter of an hour of a year, every DST change included', () => {
    for (const zona of zonas) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000 + 7_000) {
        if (fechaHoraCorta(new Date(t), zona) !== segunIntl(t, zona)) expect(fechaHoraCorta(new Date(t), zona), `${zona} ${new Date(t).toISOString()}`).toBe(segunIntl(t, zona));
      }
    }
    // Every instant of a year is asked of Intl, a few microseconds each: ~25 s on an idle two-core
    // machine, more while the other suites share it, so it gets more than the default 30 s.
  }, 120_000);
});
