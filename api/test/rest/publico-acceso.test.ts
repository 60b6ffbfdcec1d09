// The admin decides what to show from the public registry's `acceso` (admin/src/providers/acceso.ts):
// it must say exactly what the API enforces, for every entity and role, and survive the trip
// into the admin's build as plain JSON.
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/base/types.js';
import { resources } from '../../src/resources/index.js';
import { camposVisibles, refusalOf } from '../../src/rest/permisos.js';
import { entidadesPublicas } from '../../src/rest/publico.js';

const publico = entidadesPublicas(resources);

describe('the public registry carries each entity’s access declaration', () => {
  it('says for every entity and role what the API lets it read and write', () => {
    for (const recurso of Object.values(resources)) {
      for (const rol of ROLES) {
        const permiso = publico[recurso.name].acceso[rol];
        const contexto = `${recurso.name} · ${rol}`;
        expect(Boolean(permiso?.leer), contexto).toBe(refusalOf({ recurso, op: 'leer' }, rol) === undefined);
        expect(Boolean(permiso?.leer && permiso.escribir), contexto).toBe(refusalOf({ recurso, op: 'crear' }, rol) === undefined);
        expect(Boolean(permiso?.leer && permiso.escribir === true), contexto).toBe(refusalOf({ recurso, op: 'escribir' }, rol) === undefined);
        expect(permiso?.donde, contexto).toEqual(recurso.acceso[rol]?.donde);
        expect(permiso?.buscarPor, contexto).toEqual(recurso.acceso[rol]?.buscarPor);
        const visibles = camposVisibles(recurso, rol);
        expect(permiso?.campos && [...permiso.campos].sort(), contexto).toEqual(visibles && [...visibles].sort());
      }
    }
  });

  it('names the business’s cases: an editor sees four fields of a usuario and no money; a contable only their own account', () => {
    expect(publico.usuarios.acceso.editor).toEqual({ leer: true, campos: ['id', 'nombre', 'apellidos', 'email'] });
    for (const dinero of ['pagos', 'facturas', 'registros']) expect(publico[dinero].acceso.editor?.leer ?? false).toBe(false);
    expect(publico.facturas.acceso.contable).toMatchObject({ leer: true, escribir: true });
    expect(publico.clases.acceso.contable).toMatchObject({ leer: true });
    expect(publico.clases.acceso.contable?.escribir ?? false).toBe(false);
    expect(publico.logins.acceso.contable).toMatchObject({ leer: 'propios' });
    expect(publico.logins.propio).toBe('id');
    expect(publico.logs.propio).toBe('loginId');
  });

  it('carries every field’s rules but the server’s own, and every entity’s search fields, as the definitions declare them', () => {
    // The admin's tests read these from the registry it embeds (admin/test/common/choices.test.ts).
    // A new rule of Field is either in the contract (contrato/entidades.ts) or named here.
    const soloServidor = new Set(['nombraRecurso', 'serverDefault', 'apuntaA', 'apunte', 'unique', 'caseInsensitive', 'indiceTrigramas', 'archivo']);
    for (const r of Object.values(resources)) {
      expect(publico[r.name].searchFields, r.name).toEqual(r.searchFields);
      expect(publico[r.name].labels, r.name).toEqual(r.labels);
      for (const [field, f] of Object.entries(r.fields)) {
        const publicas = Object.fromEntries(Object.entries(f).filter(([regla, valor]) => !soloServidor.has(regla) && valor !== undefined));
        expect(publico[r.name].fields[field], `${r.name}.${field}`).toEqual(publicas);
      }
    }
    expect(publico.clases.fields.estado.enumLabels).toEqual({ borrador: 'Borrador', publicada: 'Publicada' });
  });

  it('is plain data the admin’s build can embed', () => {
    expect(JSON.parse(JSON.stringify(publico))).toEqual(publico);
  });
});
