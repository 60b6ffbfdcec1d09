// The admin's choices must be exactly the values the API accepts.
import clases from '../../api/src/resources/clases';
import cursos from '../../api/src/resources/cursos';
import facturas from '../../api/src/resources/facturas';
import pagos from '../../api/src/resources/pagos';
import usuarios from '../../api/src/resources/usuarios';
import {
  estadosClase,
  estadosCurso,
  estadosFactura,
  estadosPago,
  metodosPago,
  nivelesCurso,
  tiposIva,
  tiposLog,
} from '../src/common/enums';
import { codigoMoneda, codigoPais } from '../src/common/validators';
import { aulaRecursos } from '../src/providers/i18n/recursos';

describe('enum lists match the API', () => {
  it.each([
    ['cursos.nivel', nivelesCurso, cursos.fields.nivel.enum],
    ['cursos.estado', estadosCurso, cursos.fields.estado.enum],
    ['clases.estado', estadosClase, clases.fields.estado.enum],
    ['pagos.metodo', metodosPago, pagos.fields.metodo.enum],
    ['pagos.estado', estadosPago, pagos.fields.estado.enum],
    ['facturas.estado', estadosFactura, facturas.fields.estado.enum],
    ['facturas.tipoIva', tiposIva, facturas.fields.tipoIva.enum],
  ])('%s', (_name, admin, api) => {
    expect([...admin]).toEqual([...(api ?? [])]);
  });

  it('has a Spanish label for every value', () => {
    const grupos: [Record<string, string>, readonly string[]][] = [
      [aulaRecursos.nivel, nivelesCurso],
      [aulaRecursos.estadoCurso, estadosCurso],
      [aulaRecursos.estadoClase, estadosClase],
      [aulaRecursos.metodo, metodosPago],
      [aulaRecursos.estadoPago, estadosPago],
      [aulaRecursos.estadoFactura, estadosFactura],
      [aulaRecursos.tipoLog, tiposLog],
    ];
    for (const [labels, values] of grupos) expect(Object.keys(labels)).toEqual([...values]);
  });

  it('validates codes with the API patterns', () => {
    expect(codigoPais.regex.source).toBe(usuarios.fields.pais.pattern);
    expect(codigoMoneda.regex.source).toBe(cursos.fields.moneda.pattern);
  });
});
