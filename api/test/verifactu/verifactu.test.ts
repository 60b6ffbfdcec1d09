import { describe, expect, it } from 'vitest';
import { huella, textoAlta, textoAnulacion } from '../../src/resources/facturas/verifactu.js';
import { fechaExpedicion, importeDecimal, numSerieFactura } from '../../src/resources/facturas/formato.js';
import { fechaHoraConHuso } from '../../src/base/tiempo.js';

// The AEAT's published examples («Detalle de las especificaciones técnicas para generación de
// la huella o hash de los registros de facturación», v0.1.2): our strings and hashes must match.
describe('huella VeriFactu', () => {
  const primero = {
    idEmisorFactura: '89890001K',
    numSerieFactura: '12345678/G33',
    fechaExpedicionFactura: '01-01-2024',
    tipoFactura: 'F1',
    cuotaTotal: '12.35',
    importeTotal: '123.45',
    huellaAnterior: '',
    fechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
  };

  it('primer registro de alta de la cadena', () => {
    expect(textoAlta(primero)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(huella(textoAlta(primero))).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('segundo registro de alta, encadenado al primero', () => {
    const segundo = {
      ...primero,
      numSerieFactura: '12345679/G34',
      huellaAnterior: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      fechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    };
    expect(huella(textoAlta(segundo))).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('registro de anulación', () => {
    const anulacion = {
      idEmisorFactura: '89890001K',
      numSerieFactura: '12345679/G34',
      fechaExpedicionFactura: '01-01-2024',
      huellaAnterior: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    };
    expect(textoAnulacion(anulacion)).toBe(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00',
    );
    expect(huella(textoAnulacion(anulacion))).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('otro valor en cualquier campo cambia la huella', () => {
    expect(huella(textoAlta({ ...primero, importeTotal: '123.46' }))).not.toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });
});

describe('formatos de la factura', () => {
  it('importes como cadenas decimales con punto y dos decimales', () => {
    expect(importeDecimal(1235)).toBe('12.35');
    expect(importeDecimal(12345)).toBe('123.45');
    expect(importeDecimal(5)).toBe('0.05');
    expect(importeDecimal(0)).toBe('0.00');
    expect(importeDecimal(-4900)).toBe('-49.00');
    expect(importeDecimal(-7)).toBe('-0.07');
  });

  it('fecha de expedición en la zona del negocio: las 23:30 UTC del 31 de marzo son ya 1 de abril en Madrid', () => {
    expect(fechaExpedicion('2024-03-31T23:30:00Z', 'Europe/Madrid')).toBe('01-04-2024');
    expect(fechaExpedicion('2024-01-01T12:00:00Z', 'Europe/Madrid')).toBe('01-01-2024');
    // The same day as a person reads it, on the PDF and in messages.
    expect(fechaExpedicion('2024-03-31T23:30:00Z', 'Europe/Madrid', '/')).toBe('01/04/2024');
  });

  it('fecha y hora con el huso de Madrid, en invierno y en verano', () => {
    expect(fechaHoraConHuso(new Date('2024-01-01T18:20:30.456Z'), 'Europe/Madrid')).toBe('2024-01-01T19:20:30+01:00');
    expect(fechaHoraConHuso(new Date('2024-07-01T18:20:30Z'), 'Europe/Madrid')).toBe('2024-07-01T20:20:30+02:00');
    expect(fechaHoraConHuso(new Date('2024-07-01T18:20:30Z'), 'Atlantic/Canary')).toBe('2024-07-01T19:20:30+01:00');
  });

  it('número de serie de la factura', () => {
    expect(numSerieFactura('A', 7)).toBe('A-7');
  });
});
