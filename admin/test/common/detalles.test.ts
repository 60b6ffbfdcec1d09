import { formatDuracion } from '../../src/clases/duracion';
import { finDelDia, formatDia, formatDiaHora, inicioDelDia, parseFecha } from '../../src/common/formato/dates';
import { sinPassVacia } from '../../src/logins/sinPassVacia';

describe('clase duration', () => {
  it('reads like a video player', () => {
    expect(formatDuracion(0)).toBe('0:00');
    expect(formatDuracion(75)).toBe('1:15');
    expect(formatDuracion(600)).toBe('10:00');
    expect(formatDuracion(3725)).toBe('1:02:05');
  });
});

describe('dates typed and read the Spanish way', () => {
  it('reads day first, a four-digit year and a 24-hour clock, and refuses what is not a real date', () => {
    const table: [string, boolean, ReturnType<typeof parseFecha>][] = [
      ['05/03/2026', false, { fecha: new Date(2026, 2, 5) }],
      ['5/3/2026', false, { fecha: new Date(2026, 2, 5) }],
      ['05-03-2026', false, { fecha: new Date(2026, 2, 5) }],
      ['05.03.2026', false, { fecha: new Date(2026, 2, 5) }],
      ['05/03/2026 14:30', true, { fecha: new Date(2026, 2, 5, 14, 30) }],
      ['05/03/2026 9:05', true, { fecha: new Date(2026, 2, 5, 9, 5) }],
      ['05/03/2026', true, { fecha: new Date(2026, 2, 5, 0, 0) }],
      ['', true, { fecha: null }],
      ['05/03/2026 14:30', false, { error: 'dia' }],
      ['31/02/2026', false, { error: 'dia' }],
      ['05/13/2026', false, { error: 'dia' }],
      ['05/03/26', false, { error: 'dia' }],
      ['2026-03-05', false, { error: 'dia' }],
      ['05/03/2026 24:00', true, { error: 'diaHora' }],
      ['05/03/2026 2:30 PM', true, { error: 'diaHora' }],
      ['mañana', true, { error: 'diaHora' }],
    ];
    for (const [typed, hora, expected] of table) expect(parseFecha(typed, { hora }), typed).toEqual(expected);
  });

  it('shows instants as dd/mm/aaaa and dd/mm/aaaa hh:mm, which read back to the same minute', () => {
    const instant = new Date(2026, 2, 5, 14, 30);
    expect(formatDia(instant.toISOString())).toBe('05/03/2026');
    expect(formatDiaHora(instant.toISOString())).toBe('05/03/2026 14:30');
    expect(formatDia(null)).toBe('');
    expect(parseFecha(formatDiaHora(instant), { hora: true })).toEqual({ fecha: instant });
  });

  it('makes a day range include the whole of both days', () => {
    expect(inicioDelDia(new Date(2026, 2, 5, 14)).toISOString()).toBe(new Date(2026, 2, 5, 0, 0, 0, 0).toISOString());
    expect(finDelDia(new Date(2026, 2, 5, 14)).toISOString()).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).toISOString());
  });
});

describe("an administrator's password on edit", () => {
  it('is sent only when a new one was typed', () => {
    expect(sinPassVacia({ id: 1, usuario: 'ana', pass: null })).toEqual({ id: 1, usuario: 'ana' });
    expect(sinPassVacia({ id: 1, usuario: 'ana', pass: '' })).toEqual({ id: 1, usuario: 'ana' });
    expect(sinPassVacia({ id: 1, usuario: 'ana' })).toEqual({ id: 1, usuario: 'ana' });
    expect(sinPassVacia({ id: 1, usuario: 'ana', pass: 'n0eva' })).toEqual({ id: 1, usuario: 'ana', pass: 'n0eva' });
  });
});
