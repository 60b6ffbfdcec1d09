import { formatDuracion } from '../src/clases/duracion';
import { endOfDayIso, localToIso, startOfDayIso } from '../src/common/dates';
import { sinPassVacia } from '../src/logins/sinPassVacia';

describe('clase duration', () => {
  it('reads like a video player', () => {
    expect(formatDuracion(0)).toBe('0:00');
    expect(formatDuracion(75)).toBe('1:15');
    expect(formatDuracion(600)).toBe('10:00');
    expect(formatDuracion(3725)).toBe('1:02:05');
  });
});

describe('dates sent to the API', () => {
  it('turns the local time typed into a UTC instant', () => {
    expect(localToIso('2026-03-05T14:30')).toBe(new Date(2026, 2, 5, 14, 30).toISOString());
    expect(localToIso('')).toBeNull();
  });

  it('makes a day range include the whole of both days', () => {
    expect(startOfDayIso('2026-03-05')).toBe(new Date(2026, 2, 5, 0, 0, 0, 0).toISOString());
    expect(endOfDayIso('2026-03-05')).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).toISOString());
    expect(startOfDayIso('')).toBeNull();
    expect(endOfDayIso(null)).toBeNull();
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
