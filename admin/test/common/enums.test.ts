// The admin reads the API registry (admin/src/registro): its choices, search fields, nested
// routes and server-set fields are the API's own, and every value the admin shows has Spanish.
import clases from '../../../api/src/resources/clases';
import facturas from '../../../api/src/resources/facturas/index';
import { resources } from '../../../api/src/resources/index';
import {
  estadosClase,
  estadosCurso,
  estadosFactura,
  estadosPago,
  metodosPago,
  nivelesCurso,
  tiposFactura,
  tiposIva,
  tiposRectificativa,
  tiposLog,
  tiposRegistro,
} from '../../src/common/enums';
import { aulaRecursos } from '../../src/providers/i18n/recursos';
import { nestedUnder, recurso, searchFields, serverFields } from '../../src/registro';

describe('the admin reads the API registry', () => {
  it('has the same enum values as the API', () => {
    expect(estadosClase).toEqual(clases.fields.estado.enum);
    expect(tiposIva).toEqual(facturas.fields.tipoIva.enum);
  });

  it('searches, nests and leaves out what the API declares', () => {
    for (const [name, r] of Object.entries(resources)) expect(searchFields(name)).toEqual(r.searchFields);
    expect(nestedUnder('clases')).toEqual({ cursoId: 'cursos', usuarioId: 'usuarios' });
    expect(serverFields('facturas')).toEqual([
      'id', 'numero', 'fecha', 'tipo', 'cuotaIva', 'total', 'rectificaId', 'motivoRectificacion',
      'tipoRectificativa', 'baseRectificada', 'cuotaRectificada', 'rectificadaPorId',
      'emisorNif', 'emisorNombre', 'emisorDomicilio', 'createdAt', 'updatedAt',
    ]);
    expect(nestedUnder('reembolsos')).toEqual({ pagoId: 'pagos' });
    expect(recurso('logins').fields.pass).toMatchObject({ writeOnly: true, maxLength: 200 });
  });

  it('has a Spanish label for every value', () => {
    const grupos: [Record<string, string>, readonly string[]][] = [
      [aulaRecursos.nivel, nivelesCurso],
      [aulaRecursos.estadoCurso, estadosCurso],
      [aulaRecursos.estadoClase, estadosClase],
      [aulaRecursos.metodo, metodosPago],
      [aulaRecursos.estadoPago, estadosPago],
      [aulaRecursos.estadoFactura, estadosFactura],
      [aulaRecursos.tipoFactura, tiposFactura],
      [aulaRecursos.tipoRectificativa, tiposRectificativa],
      [aulaRecursos.tipoRegistro, tiposRegistro],
      [aulaRecursos.tipoLog, tiposLog],
    ];
    for (const [labels, values] of grupos) expect(Object.keys(labels)).toEqual([...values]);
  });

  it('explains in Spanish every pattern the API checks', () => {
    const validacion = aulaRecursos.validacion as Record<string, unknown>;
    for (const r of Object.values(resources)) {
      for (const [field, f] of Object.entries(r.fields)) {
        if (f.pattern) expect(validacion[field], `${r.name}.${field}`).toEqual(expect.any(String));
      }
    }
  });
});
