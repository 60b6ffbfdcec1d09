// Mi cuenta names each open session by its browser and system, as the person recognises them.
import { describe, expect, it } from 'vitest';
import { resumenDispositivo } from '../../src/cuenta/dispositivo';

describe('resumenDispositivo', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'Safari en iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0', 'Edge en Windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', 'Chrome en Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox en Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'Safari en macOS'],
  ])('%s → %s', (ua, esperado) => expect(resumenDispositivo(ua)).toBe(esperado));

  it('says it does not know rather than showing the raw header or nothing', () => {
    expect(resumenDispositivo(null)).toBe('Navegador desconocido');
    expect(resumenDispositivo('curl/8.5.0')).toBe('Navegador desconocido');
  });
});
