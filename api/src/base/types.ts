// The shape of an entity definition. Each file in this folder defines one entity with
// defineResource(); routes, validation, OpenAPI and search all read these definitions. What a
// client may know of them (a field's public rules, who may do what, the log's tipos) is declared
// in the contract the admin shares (contrato/), and read from there.
import type { Knex } from 'knex';
import type { Acceso, CampoPublico } from '../../../contrato/entidades.js';
import type { Etiquetas } from '../../../contrato/etiquetas.js';
import type { Nombre } from '../../../contrato/nombre.js';
import type { Rol } from '../../../contrato/roles.js';
import type { Config } from '../config/index.js';

export type { Etiquetas };
export type { Acceso, FieldType, Permiso } from '../../../contrato/entidades.js';
export { AUDIT_TIPOS, EVENTOS_CUENTA, type AuditTipo, type EventoCuenta } from '../../../contrato/historial.js';
export { ETIQUETAS_ROL, ETIQUETAS_ROL_CUENTA, ROLES, ROLES_CUENTA, type Rol } from '../../../contrato/roles.js';

/** What invoicing needs to know of the configuration: who issues, in which series, in which zone, and whether its records reach the AEAT. */
export type Facturacion = Pick<Config, 'emisor' | 'series' | 'timeZone' | 'env' | 'verifactu'>;

/** A field: its public rules (contrato/entidades.ts), and what only the server needs of it. */
export interface Field extends CampoPublico {
  /** Holds the name of an entity (logs.recurso): its values read as the entities' names. */
  nombraRecurso?: boolean;
  /**
   * Left out of a body, the server fills it in (facturas.serie, from configuration; logins.rol,
   * its default): optional in bodies, never null in the table. With a default, a body's null is
   * refused; without one, the resource takes a null as absent (rest/schema.ts).
   */
  serverDefault?: boolean;
  /**
   * Holds the id of a row of that resource without being a foreign key (facturas.rectificadaPorId,
   * a plain column: migration 0008): never checked as a key, but read as that row's name where a
   * reference is (the CSV export names it by the resource's nombre, «R-161», not «3214»).
   */
  apuntaA?: string;
  /**
   * Bookkeeping the server notes on a record, which is no change anyone made (a token's last use):
   * written by the repository's `note`, with no history row, no live event and no role.
   */
  apunte?: boolean;
  /** Unique among the rows (alone); composite keys go in Resource.uniques. */
  unique?: boolean;
  /** Compared case-insensitively for uniqueness (usuarios.email). */
  caseInsensitive?: boolean;
  /**
   * Searched by substring in a big table (pagos.referencia, usuarios.apellidos): an index of its
   * folded text's trigrams finds the rows an `ilike` matches without reading them all (pg_trgm on
   * PostgreSQL, the FTS5 table `<resource>_busqueda` on SQLite; migration 0009).
   */
  indiceTrigramas?: boolean;
  /**
   * Holds the `ruta` of an archivo in this folder (clases.video → videos): a path written here
   * must name a `listo` archivo of that folder, or be an http(s) URL of a file hosted elsewhere.
   * Whatever such a field stops holding (changed, cleared, its row deleted) is let go of after
   * the commit, and a file nothing holds any more is removed. `cualquiera`: either folder.
   */
  archivo?: 'videos' | 'photos' | 'cualquiera';
}

export interface Relation {
  type: 'belongsTo' | 'hasMany';
  target: string;
  /** belongsTo: the column on this resource; hasMany: the column on the target. */
  foreignKey: string;
  /** hasMany only: also served as /parent/{id}/target (LoopBack's `lb4 relation` routes). */
  nested?: boolean;
}

/**
 * Who writes: the account's login id (null before login, or for the server's own work), the
 * client's IP, the session the request came with (a password change by its owner keeps that one
 * open) and the account's role. With a role, every write is held to that role's `acceso` (the
 * routes' guard decided the entry point; a write an action makes to another entity is checked
 * here too); without one, it is the server's own (a login, a job): no role to hold it to.
 */
export interface Actor {
  loginId: number | null;
  ip: string;
  sesionId?: number;
  rol?: Rol;
  /** The API token the request came with (its audit rows name it): then there is no account. */
  tokenId?: number;
}

/** The server writing on its own (a job, the start-up): no account, no role; its history rows name what did it. */
export const SERVIDOR: Actor = { loginId: null, ip: 'servidor' };

export interface WriteContext {
  op: 'create' | 'replace' | 'update';
  db: Knex | Knex.Transaction;
  /** The stored row for replace/update (already read inside the transaction). */
  existing?: Record<string, unknown>;
  actor: Actor;
  scrypt: Config['scrypt'];
  facturacion: Facturacion;
  /** What an account may write to the activity log itself (resources/logs.ts). */
  actividad: Config['actividad'];
  /**
   * Written by the server (an action, a job, the account routes), not sent by a client: the rules
   * may take what only the server writes (a rectificativa's kind and serie, an invoice's number).
   */
  servidor?: boolean;
  /**
   * The write's own transaction and actor, for the records a rule writes besides the one it
   * checks (the account events of logins: a role changed, a password set).
   */
  escritor: Escritor;
  /**
   * Values the client's answer carries this once and nothing stores (a new API token, of which
   * only the hash is kept): only a route's creation answers them.
   */
  reveal(valores: Record<string, unknown>): void;
}

/** What queueing a message needs of the configuration (correo/encolar.ts): the outbox's settings and the academy's data. */
export type AjustesCorreo = Pick<Config, 'correo' | 'emisor' | 'productName' | 'timeZone'>;

/** What an entity's afterWrite may use: the write's own transaction and actor, and the rules configured. */
export interface AfterWriteContext {
  escritor: Escritor;
  matriculas: Config['matriculas'];
  /** For the messages a write sends (an issued invoice to its client, a welcome to a new matrícula). */
  correo: AjustesCorreo;
}

/** How one write through an Escritor is named in its record's history. */
export interface OpcionesEscritura {
  /** The action that made it (`emitir`, `facturar`), read as such in the history and the live lists. */
  accion?: string;
  /** What else the audit row keeps (the registro an emission wrote, a refund's amount). */
  datos?: Record<string, unknown>;
}

/**
 * The one way to change a record (docs/arquitectura.md §3): every write of an entity's table, by a
 * route, an action, the account routes or a job, goes through one of these, bound to one
 * transaction and one actor. Each write runs the entity's rules, stamps `updatedAt` and the
 * version, writes its audit row with what changed (the record's history) and is announced to the
 * live lists once the transaction commits. Its writes are the server's (`WriteContext.servidor`):
 * the caller is code, not a client's body (which the routes validate first).
 */
export interface Escritor {
  readonly db: Knex.Transaction;
  readonly actor: Actor;
  /** A record as the API returns it, read inside this transaction. */
  findById(resource: string, id: number): Promise<Record<string, unknown>>;
  /** The records whose `field` equals `value`, as the API returns them, ordered by `order` (one query). */
  findWhere(resource: string, field: string, value: unknown, order: string): Promise<Record<string, unknown>[]>;
  /**
   * A record as stored, locked until the transaction ends (read once: the writes that follow in
   * this transaction keep it current). The action's own record is already held.
   */
  lock(resource: string, id: number): Promise<Record<string, any>>;
  /** Inserts a record; answers its id. */
  create(resource: string, data: Record<string, unknown>, opciones?: OpcionesEscritura): Promise<number>;
  /** Inserts many records in batches (each through the rules, each audited); answers their ids in order. */
  createMany(resource: string, data: Record<string, unknown>[], opciones?: OpcionesEscritura): Promise<number[]>;
  /** Changes one record (locked until the transaction ends); answers it as stored now. */
  update(resource: string, id: number, patch: Record<string, unknown>, opciones?: OpcionesEscritura): Promise<Record<string, any>>;
  /**
   * The same patch on every record matching `where` (column → value, or → list of values), each
   * with its own audit row where the entity keeps a history; answers how many.
   */
  updateWhere(resource: string, where: Record<string, unknown>, patch: Record<string, unknown>, opciones?: OpcionesEscritura): Promise<number>;
  /** Deletes one record, after the entity's own rule and the check for rows that point at it. */
  remove(resource: string, id: number, opciones?: OpcionesEscritura): Promise<void>;
}

/**
 * Where the server's own work (a job, the VeriFactu sender) writes records: the repository's
 * transactions (rest/escritura.ts), handed down by app.ts, so what it changes has its history and
 * live events as a person's change does.
 */
export interface Escritura {
  transaction<T>(actor: Actor, fn: (w: Escritor) => Promise<T>, base?: OpcionesEscritura): Promise<T>;
}

/**
 * What an entity's own action runs with: its transaction's Escritor, whose writes the history
 * names after the action unless told otherwise, and the action's record as stored, locked for
 * the transaction (no need to lock or read it again).
 */
export interface ActionContext extends Escritor {
  /** The action's record as stored, locked until the transaction ends. */
  row: Record<string, any>;
  /** The action's name (`emitir`): what its writes are called in the history. */
  accion: string;
  facturacion: Facturacion;
  /** For an action that sets a password (restablecer): hashed as every other. */
  scrypt: Config['scrypt'];
  /** For an action that reaches a payment gateway (reembolsar a pago Stripe took). */
  pasarelas: Config['pasarelas'];
  /** For an action that sends a message (enviar a factura by email). */
  correo: AjustesCorreo;
}

/** What a read-only route of an entity answers: a body and its media type. */
export interface Lectura {
  type: string;
  body: string | Buffer | Record<string, unknown>;
  /** Offered as a download under this name (Content-Disposition: attachment). */
  filename?: string;
}

/**
 * A LoopBack-style read route of an entity beyond CRUD: `GET /{name}/{id}/{path}` (a factura's
 * PDF) or, `collection`, `GET /{name}/{path}` (the chain check of the registros). Runs outside
 * any transaction; described in OpenAPI with its media type.
 */
export interface Read {
  path: string;
  collection?: boolean;
  summary: string;
  /** The media type answered with 200 (application/pdf, image/svg+xml, application/json). */
  produces: string;
  run(id: number | undefined, ctx: { db: Knex; facturacion: Facturacion; findById(resource: string, id: number): Promise<Record<string, unknown>> }): Promise<Lectura>;
}

/** The body of an action that takes nothing but its record: an empty object, and nothing else in it. */
export const SIN_CUERPO = { type: 'object', additionalProperties: false, properties: {} } as const;

/**
 * A LoopBack-style custom route of an entity, `{method} /{name}/{id}/{path}` (`PUT
 * /cursos/{id}/clases/orden`, `POST /facturas/{id}/emitir`): the REST layer registers it,
 * validates its body against `body`, runs it in one transaction with the record locked
 * (404 if it does not exist), writes the audit row and describes it in OpenAPI.
 */
export interface Action {
  method: 'POST' | 'PUT';
  path: string;
  /** Spanish one-liner for the OpenAPI document. */
  summary: string;
  /** JSON Schema of the request body. */
  body: Record<string, unknown>;
  /** The model the action answers with (`Factura`), for OpenAPI; none means 204. */
  returns?: string;
  /** Or the JSON Schema of what it answers, when that is no model (a temporary password). */
  respuesta?: Record<string, unknown>;
  /** Answers 200 with what it returns, or 204 when it returns nothing. */
  run(id: number, body: any, ctx: ActionContext): Promise<unknown>;
}

export interface ResourceDef {
  /** Route segment and table name: `cursos`. */
  name: string;
  /** LoopBack model name used in error messages: `Curso`. */
  model: string;
  labels: Etiquetas;
  /** Labels of the fields every entity has, where this one names them otherwise (a usuario's «Alta»). */
  implicitLabels?: Partial<Record<'id' | 'createdAt' | 'updatedAt', string>>;
  fields: Record<string, Field>;
  relations?: Record<string, Relation>;
  /**
   * Fields the admin's search box (`q`) looks in, with ilike: its own, or `relation.field` for a
   * field of the row a belongsTo relation points at (a pago is found by its usuario's name).
   */
  searchFields: string[];
  /**
   * How people name one of its rows (contrato/nombre.ts): `'{titulo}'`, or templates tried in order,
   * `['{serie}-{numero}', 'Borrador #{id}']`. Declared once, it names the row everywhere: a list's
   * CSV export shows a reference to this entity as this name (as SQL, joined in the same SELECT),
   * the admin's recordRepresentation and the activity log's line read it from the public registry.
   * Without it, a reference exports as its id.
   */
  nombre?: Nombre;
  /**
   * Figures the CSV export adds after the fields, computed over the row by SQL (`tabla` is its
   * quoted table): what a reader sums that no column holds as such (an invoice's amounts as they
   * count in the tax books). Only in a whole export, for a role that reads every field.
   */
  calculadas?: Record<string, { label: string; money?: boolean; sql: (tabla: string) => string }>;
  /** Composite unique keys, e.g. [['serie', 'numero']]. */
  uniques?: string[][];
  /** Append-only resources answer 403 to PUT, PATCH and DELETE. */
  appendOnly?: boolean;
  /**
   * Rows only the server writes (archivos, registros): POST, PUT and PATCH answer 403 with this
   * reason, which says how such rows come to be; DELETE stays unless append-only.
   */
  serverWritten?: string;
  /** Whether successful mutations write an activity log row (all but `logs` itself). */
  audited?: boolean;
  /**
   * Domain rules applied to a body before it is written, inside the write transaction.
   * Receives the validated body (for update only the patch; the stored row is ctx.existing)
   * and returns the values to store.
   */
  beforeWrite?: (data: Record<string, unknown>, ctx: WriteContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * What a write of this entity changes in other entities, in the same transaction, once its row
   * is stored and audited (a pago completed grants its matrícula, §22): `antes` is the row as it
   * was (none for a creation), `despues` as stored now. Runs for every write, a route's, an
   * action's or a job's, so no way of changing the row can skip it.
   */
  afterWrite?: (despues: Record<string, any>, antes: Record<string, any> | undefined, ctx: AfterWriteContext) => Promise<void>;
  /**
   * The entity's rules for a deletion (throw to refuse), run in the deletion's transaction before
   * anything else: before the check for rows that point at it. `borrando`: every id the same
   * deletion takes (a bulk DELETE), gone together.
   */
  beforeDelete?: (id: number, trx: Knex.Transaction, borrando: readonly number[]) => Promise<void>;
  /** The entity's own actions beyond CRUD, by operation name (`Curso.reordenarClases`). */
  actions?: Record<string, Action>;
  /** Its read-only routes beyond CRUD (`GET /facturas/{id}/pdf`). */
  reads?: Record<string, Read>;
  /** Who may read and write it (auth/guard.ts and rest/permisos.ts apply it on every route, the admin hides what it refuses). */
  acceso?: Acceso;
  /** The field that holds the account a row belongs to, for `leer: 'propios'` (logs.loginId, logins.id). */
  propio?: string;
  /** The field that holds the API token a row belongs to, for a token's `leer: 'propios'` (pagos.tokenId: the shop's). */
  propioToken?: string;
  /**
   * Its records can be brought back to a version of their history (`POST /R/{id}/restaurar`):
   * content and people. Money and invoices keep their history but are corrected by their own
   * operations, never restored (docs/arquitectura.md §17).
   */
  restaurable?: boolean;
  /** Rows that are never changed (the log itself) carry no `version` (migration 0012). */
  sinVersion?: boolean;
}

export type Resource = ResourceDef &
  Required<Pick<ResourceDef, 'relations' | 'uniques' | 'audited' | 'actions' | 'reads' | 'acceso'>> & { registry?: Registry };

/** The entities served together, as the engine sees them (rest/registry.ts builds one). */
export interface Registry {
  resources: Readonly<Record<string, Resource>>;
  get(name: string): Resource;
  /** Every foreign key, anywhere, that points at `name`: what blocks deleting one of its rows. */
  referencesTo(name: string): { resource: Resource; field: string }[];
  /** Every field of another record that holds an archivo's path (clases.video, cursos.foto…). */
  fileHolders(): { resource: Resource; field: string }[];
}

const implicitFields = {
  id: { type: 'integer', readOnly: true, label: 'Id' },
  createdAt: { type: 'date-time', readOnly: true, label: 'Creado' },
  updatedAt: { type: 'date-time', readOnly: true, label: 'Actualizado' },
  // Read, never written: the database bumps it (db/versiones.ts). Listed rather than hidden so a
  // list's rows carry it for the admin's bulk actions and a where may name it (§17).
  version: { type: 'integer', readOnly: true, default: 1, label: 'Versión' },
} satisfies Record<string, Field>;

export function defineResource(def: ResourceDef): Resource {
  const implicito = (name: 'id' | 'createdAt' | 'updatedAt'): Field => ({ ...implicitFields[name], label: def.implicitLabels?.[name] ?? implicitFields[name].label });
  return {
    audited: true,
    ...def,
    fields: {
      id: implicito('id'),
      ...def.fields,
      createdAt: implicito('createdAt'),
      updatedAt: implicito('updatedAt'),
      ...(def.sinVersion ? {} : { version: implicitFields.version }),
    },
    relations: def.relations ?? {},
    uniques: def.uniques ?? [],
    actions: def.actions ?? {},
    reads: def.reads ?? {},
    acceso: { administrador: { leer: true, escribir: true }, ...def.acceso },
  };
}
