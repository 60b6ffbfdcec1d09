// The admin reads the API registry (admin/src/entidades): its choices, search fields, nested
// routes and server-set fields are the ones the public registry it embeds declares, and every value
// the admin shows has Spanish. That this registry is the API's own definitions is the API's test
// (api/test/rest/publico-acceso.test.ts).
import entidades from 'virtual:aula-entidades';
import { AUDIT_TIPOS, EVENTOS_CUENTA } from '../../../contrato/historial';
import { choicesDe, claveDeValor } from '../../src/common/formato/choices';
import { tipoIvaChoices } from '../../src/facturas/tipoIva';
import { i18nProvider } from '../../src/providers/i18n';
import { aulaRecursos } from '../../src/providers/i18n/recursos';
import { nestedUnder, recurso, searchFields, serverFields, valores } from '../../src/entidades';

describe('the admin reads the API registry', () => {
  it('has the same enum values as the API', () => {
    expect(valores('clases', 'estado')).toEqual(['borrador', 'publicada']);
    expect(valores('clases', 'estado')).toEqual(entidades.clases.fields.estado.enum);
    expect(tipoIvaChoices).toEqual([21, 10, 4, 0].map((id) => ({ id, name: `${id} %` })));
    expect(tipoIvaChoices.map((c) => c.id)).toEqual(entidades.facturas.fields.tipoIva.enum);
  });

  it('offers a free-text field the values it has labels for: the tipos the API writes to the log', () => {
    expect(valores('logs', 'tipo')).toEqual(['BACK-LOGIN', ...AUDIT_TIPOS, ...EVENTOS_CUENTA]);
  });

  it('searches, nests and leaves out what the API declares', () => {
    for (const [name, r] of Object.entries(entidades)) expect(searchFields(name)).toEqual(r.searchFields);
    expect(nestedUnder('clases')).toEqual({ cursoId: 'cursos', usuarioId: 'usuarios' });
    expect(serverFields('facturas')).toEqual([
      'id', 'numero', 'fecha', 'tipo', 'cuotaIva', 'total', 'rectificaId', 'motivoRectificacion',
      'tipoRectificativa', 'baseRectificada', 'cuotaRectificada', 'rectificadaPorId', 'sustituidaPorId',
      'emisorNif', 'emisorNombre', 'emisorDomicilio', 'createdAt', 'updatedAt', 'version',
    ]);
    expect(nestedUnder('reembolsos')).toEqual({ pagoId: 'pagos' });
    expect(recurso('logins').fields.pass).toMatchObject({ writeOnly: true, maxLength: 200 });
  });

  it('has a Spanish label for every value, the one the API declares', () => {
    let campos = 0;
    for (const [name, r] of Object.entries(entidades)) {
      for (const [field, f] of Object.entries(r.fields)) {
        if (!f.enumLabels) continue;
        campos++;
        if (f.enum) expect(Object.keys(f.enumLabels), `${name}.${field}`).toEqual(f.enum.map(String));
        const etiquetas = choicesDe(name, field).map((c) => i18nProvider.translate(c.name));
        expect(etiquetas, `${name}.${field}`).toEqual(Object.values(f.enumLabels));
      }
    }
    expect(campos).toBeGreaterThanOrEqual(15);
  });

  it('shows the same Spanish as before for the values the screens name directly', () => {
    const t = (name: string, field: string, valor: string) => i18nProvider.translate(claveDeValor(name, field, valor));
    expect(t('cursos', 'nivel', 'basico')).toBe('Básico');
    expect(t('pagos', 'metodo', 'paypal')).toBe('PayPal');
    expect(t('pagos', 'estado', 'reembolsado')).toBe('Reembolsado');
    expect(t('facturas', 'estado', 'borrador')).toBe('Borrador');
    expect(t('facturas', 'tipoRectificativa', 'S')).toBe('Por sustitución');
    expect(t('registros', 'tipo', 'anulacion')).toBe('Anulación');
    expect(t('logs', 'tipo', 'BACK-LOGIN')).toBe('Inicio de sesión');
    expect(choicesDe('pagos', 'estado', ['completado', 'reembolsado']).map((c) => i18nProvider.translate(c.name))).toEqual(['Completado', 'Reembolsado']);
  });

  it('gives a field the same choices on every render', () => {
    expect(choicesDe('cursos', 'estado')).toBe(choicesDe('cursos', 'estado'));
  });

  it('explains in Spanish every pattern the API checks', () => {
    const validacion = aulaRecursos.validacion as Record<string, unknown>;
    for (const [name, r] of Object.entries(entidades)) {
      for (const [field, f] of Object.entries(r.fields)) {
        if (f.pattern) expect(validacion[field], `${name}.${field}`).toEqual(expect.any(String));
      }
    }
  });
});
