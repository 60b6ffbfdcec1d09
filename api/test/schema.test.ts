// The migrated schema against the registry (api/src/resources), on the dialect under test:
// the same columns, the constraints the registry promises (required, foreign keys, unique
// keys, case-insensitive email) enforced by the database itself, and an index behind every
// foreign key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { resources } from '../src/resources/index.js';
import type { Field, Resource } from '../src/resources/index.js';
import { createTestDb, type TestDb } from './support/db.js';
import { migrateLatest } from '../../migrations/index.js';

let t: TestDb;
let db: Knex;
const now = new Date().toISOString();
const stamps = { createdAt: now, updatedAt: now };

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(async () => {
  await t?.destroy();
});

/** Index name → its columns in order, for one table of the current schema. */
async function indexes(table: string): Promise<string[][]> {
  if (t.database.dialect === 'sqlite') {
    const rows: { name: string; col: string | null; seqno: number }[] = await db.raw(
      `SELECT il.name AS name, ii.name AS col, ii.seqno AS seqno
         FROM pragma_index_list(?) il, pragma_index_info(il.name) ii
        ORDER BY il.name, ii.seqno`,
      [table],
    );
    const byName = new Map<string, string[]>();
    for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.col ?? '<expr>']);
    return [...byName.values()];
  }
  const { rows } = await db.raw('SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?', [table]);
  return rows.map((r: { indexdef: string }) =>
    /\((.*)\)\s*$/
      .exec(r.indexdef)![1]
      .split(',')
      .map((c) => c.trim().replace(/^"(.*)"$/, '$1')),
  );
}

/** A value of the field's type that its rules accept. */
function sample(field: Field, i = 1): unknown {
  if (field.enum) return field.enum[0];
  switch (field.type) {
    case 'string':
      // Within its length: a short code (a bank's 4-digit office) takes the value's last characters.
      return field.format === 'email' ? `persona${i}@example.es` : field.pattern === '^[A-Z]{3}$' ? 'EUR' : `valor ${i}`.slice(-(field.maxLength ?? 100));
    case 'integer':
      return i;
    case 'boolean':
      return true;
    case 'date-time':
      return now;
  }
}

/**
 * Rows that exist, one per resource, so any foreign key can point at something real; created
 * in dependency order from the registry itself (required fields only, plus required FKs).
 */
const existing = new Map<string, number>();

/** A row of `resource` with every required field set (foreign keys to the existing rows). */
function minimalRow(resource: Resource, i: number): Record<string, unknown> {
  const row: Record<string, unknown> = { ...stamps };
  for (const [name, f] of Object.entries(resource.fields)) {
    if (name === 'id' || name === 'createdAt' || name === 'updatedAt' || !(f.required || f.serverDefault)) continue;
    row[name] = f.references ? existing.get(f.references) : sample(f, i);
  }
  return row;
}

async function insertId(table: string, row: Record<string, unknown>): Promise<number> {
  const [r] = await db(table).insert(row).returning('id');
  return typeof r === 'object' ? r.id : r;
}

describe('migrations', () => {
  it('are all applied, and running them again does nothing', async () => {
    expect(await migrateLatest(db)).toEqual([]);
  });
});

describe.each(Object.values(resources).map((r) => [r.name, r] as const))('table %s', (name, resource) => {
  it('has exactly the registry fields as columns', async () => {
    const columns = await db(name).columnInfo();
    expect(Object.keys(columns).sort()).toEqual(Object.keys(resource.fields).sort());
  });

  it('is not null exactly where the registry requires a value', async () => {
    const columns = await db(name).columnInfo();
    for (const [field, f] of Object.entries(resource.fields)) {
      const mustHave = field === 'id' || field === 'createdAt' || field === 'updatedAt' || (field === 'version' && name !== 'logs') || !!f.required || !!f.serverDefault;
      expect({ field, nullable: columns[field].nullable }).toEqual({ field, nullable: !mustHave });
    }
  });

  it('has a trigram index on exactly the fields the registry searches by substring (indiceTrigramas)', async () => {
    const declarados = Object.entries(resource.fields).filter(([, f]) => f.indiceTrigramas).map(([n]) => n).sort();
    let indexados: string[];
    if (t.database.dialect === 'sqlite') {
      const fts = `${name}_busqueda`;
      const existe = (await db.raw(`SELECT 1 FROM sqlite_master WHERE name = ?`, [fts])).length > 0;
      indexados = existe ? (await db.raw(`SELECT name FROM pragma_table_info(?)`, [fts])).map((c: { name: string }) => c.name).sort() : [];
    } else {
      const { rows } = await db.raw(`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ? AND indexdef LIKE '%gin_trgm_ops%'`, [name]);
      // `pliegue(notas)`, or `pliegue((referencia)::text)` for a varchar column.
      indexados = rows.map((r: { indexdef: string }) => /pliegue\(\(?"?(\w+)"?/.exec(r.indexdef)![1]).sort();
    }
    expect(indexados).toEqual(declarados);
  });

  it('has an index leading with every foreign key', async () => {
    const fks = Object.entries(resource.fields).filter(([, f]) => f.references).map(([n]) => n);
    const leading = new Set((await indexes(name)).map((cols) => cols[0]));
    for (const fk of fks) expect({ fk, indexed: leading.has(fk) }).toEqual({ fk, indexed: true });
  });
});

describe('constraints', () => {
  // Parents before children, so each required foreign key can point at an existing row: every
  // entity of the registry, each after those its references point at.
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    for (const f of Object.values(resources[name].fields)) if (f.references && f.references !== name) visit(f.references);
    order.push(name);
  };
  Object.keys(resources).forEach(visit);

  beforeAll(async () => {
    expect([...order].sort()).toEqual(Object.keys(resources).sort());
    for (const name of order) existing.set(name, await insertId(name, minimalRow(resources[name], 1)));
  });

  it('refuses a pago whose usuario does not exist', async () => {
    const row = { ...minimalRow(resources.pagos, 2), usuarioId: 987654 };
    await expect(db('pagos').insert(row)).rejects.toThrow();
    expect(await db('pagos').where('usuarioId', 987654)).toEqual([]);
  });

  const fkCases = Object.values(resources).flatMap((r) =>
    Object.entries(r.fields)
      .filter(([, f]) => f.references)
      .map(([field, f]) => [`${r.name}.${field} → ${f.references}`, r, field] as const),
  );

  it.each(fkCases)('enforces %s', async (_label, resource, field) => {
    const row = minimalRow(resource, 3);
    // One activa matrícula per usuario and curso (migration 0022): the table's first row already is.
    if (resource.name === 'matriculas') row.estado = 'caducada';
    const parent = existing.get(resource.fields[field].references!);
    // A one-to-one key (remisiones.registroId) admits the real parent once: its row makes room.
    if (resource.fields[field].unique) await db(resource.name).where(field, parent).delete();
    // The same row with a real parent is accepted, so the refusal below is the foreign key's.
    const ok = await insertId(resource.name, { ...row, [field]: parent });
    await db(resource.name).where('id', ok).delete();
    await expect(db(resource.name).insert({ ...row, [field]: 987654 })).rejects.toThrow();
  });

  it('refuses to delete a parent that still has children (no cascade)', async () => {
    await expect(db('usuarios').where('id', existing.get('usuarios')).delete()).rejects.toThrow();
    await db('cursos').insert({ ...minimalRow(resources.cursos, 4), categoriaId: existing.get('categorias') });
    await expect(db('categorias').where('id', existing.get('categorias')).delete()).rejects.toThrow();
    expect(await db('usuarios').where('id', existing.get('usuarios'))).toHaveLength(1);
  });

  it('keeps usuarios.email unique regardless of case', async () => {
    await db('usuarios').insert({ nombre: 'Ana', email: 'Ana.Garcia@Example.es', ...stamps });
    await expect(db('usuarios').insert({ nombre: 'Ana bis', email: 'ana.garcia@example.es', ...stamps })).rejects.toThrow();
    await expect(db('usuarios').insert({ nombre: 'Ana ter', email: 'ANA.GARCIA@EXAMPLE.ES', ...stamps })).rejects.toThrow();
    await db('usuarios').insert({ nombre: 'Otra Ana', email: 'ana.garcia2@example.es', ...stamps });
  });

  it('keeps categorias.nombre and logins.usuario unique', async () => {
    await db('categorias').insert({ nombre: 'Música', ...stamps });
    await expect(db('categorias').insert({ nombre: 'Música', ...stamps })).rejects.toThrow();
    await db('logins').insert({ usuario: 'lucia', pass: 'x', ...stamps });
    await expect(db('logins').insert({ usuario: 'lucia', pass: 'y', ...stamps })).rejects.toThrow();
  });

  it('keeps (serie, numero) unique on facturas, while drafts without a number coexist', async () => {
    const base = { usuarioId: existing.get('usuarios'), concepto: 'Curso: Prueba', base: 1000, tipoIva: 21, ...stamps };
    await db('facturas').insert({ ...base, serie: 'A', numero: 7 });
    await db('facturas').insert({ ...base, serie: 'R', numero: 7 });
    await expect(db('facturas').insert({ ...base, serie: 'A', numero: 7 })).rejects.toThrow();
    await db('facturas').insert({ ...base, serie: 'A', numero: null });
    await db('facturas').insert({ ...base, serie: 'A', numero: null });
  });

  it('applies the registry defaults', async () => {
    const id = await insertId('usuarios', { nombre: 'Por defecto', email: 'defecto@example.es', ...stamps });
    const row = await db('usuarios').where({ id }).first();
    expect(row.pais).toBe('ES');
    expect(Boolean(row.activo)).toBe(true);
    for (const resource of Object.values(resources)) {
      const columns = await db(resource.name).columnInfo();
      for (const [field, f] of Object.entries(resource.fields)) {
        expect({ at: `${resource.name}.${field}`, hasDefault: columns[field].defaultValue !== null && !String(columns[field].defaultValue).startsWith('nextval') })
          .toEqual({ at: `${resource.name}.${field}`, hasDefault: f.default !== undefined });
      }
    }
  });

  it('stores date-times at millisecond precision and reads back the same instant', async () => {
    const fecha = '2025-03-04T05:06:07.891Z';
    const id = await insertId('logs', { tipo: 'PRUEBA', fecha, ...stamps });
    const row = await db('logs').where({ id }).first();
    expect(new Date(row.fecha).toISOString()).toBe(fecha);
    expect(await db('logs').where('fecha', fecha).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('has the sesiones table: unique token hash, real foreign key to logins', async () => {
    const s = { tokenHash: 'a'.repeat(64), loginId: existing.get('logins'), createdAt: now, lastSeenAt: now, expiresAt: now };
    await db('sesiones').insert(s);
    await expect(db('sesiones').insert(s)).rejects.toThrow();
    await expect(db('sesiones').insert({ ...s, tokenHash: 'b'.repeat(64), loginId: 987654 })).rejects.toThrow();
    expect(new Set((await indexes('sesiones')).map((c) => c[0])).has('loginId')).toBe(true);
  });
});
