// What a client may know of the entities (the public registry): each one's names, its fields with
// their labels and rules, its search fields, the nested routes it is reached through and what each
// role may do with it. The API declares its entities with these types (api/src/base/types.ts
// extends CampoPublico into Field) and publishes them (api/src/rest/publico.ts); the admin's build
// embeds them (admin/entidades.vite.ts), so its forms check what the API checks.
import type { Etiquetas } from './etiquetas.js';
import type { Nombre } from './nombre.js';
import type { Rol } from './roles.js';

export type { Etiquetas, Nombre };

export type FieldType = 'string' | 'integer' | 'boolean' | 'date-time';

/** What one role may do with an entity's rows, on every route that reaches them. */
export interface Permiso {
  /** Read them: all, none, or only the account's own (the rows whose `propio` field holds its id). */
  leer: boolean | 'propios';
  /**
   * Create, change, delete them and run their actions (reading is needed too); `'crear'`: create
   * them and nothing else (the shop adds a usuario or a pago, never changes one).
   */
  escribir?: boolean | 'crear';
  /** Only the rows with these values (the shop reads the cursos `publicado`), at every route and include. */
  donde?: Readonly<Record<string, string | number | boolean>>;
  /**
   * Rows are read only by the exact value of this field, never listed (the shop finds a usuario by
   * the email its customer typed): a where without it is refused.
   */
  buscarPor?: string;
  /**
   * The only fields this role receives and may name in where, order, fields or a search; every
   * field when absent. A field it cannot read is absent from every answer, never null.
   */
  campos?: readonly string[];
}

/** Per role; a role the entity does not name may do nothing with it (administrador: everything). */
export type Acceso = Partial<Record<Rol, Permiso>>;

/** A field's rules as both sides check them. */
export interface CampoPublico {
  type: FieldType;
  /** How people read the field: the admin's forms and columns, the CSV header, the OpenAPI description. */
  label?: string;
  /** How people read each value of an enum (the admin's choices, the CSV export). */
  enumLabels?: Readonly<Record<string, string>>;
  /** Required on create (POST) and replace (PUT). */
  required?: boolean;
  default?: string | number | boolean;
  /**
   * An enum that is a state machine: the values a record may be created with and, from each
   * value, where it may go next (pagos.estado). Anything else is refused by the entity's rules.
   */
  transiciones?: { iniciales: readonly string[]; siguientes: Readonly<Record<string, readonly string[]>> };
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: readonly (string | number)[];
  format?: 'email';
  pattern?: string;
  /** Set by the server: never accepted in a body. */
  readOnly?: boolean;
  /** Accepted in bodies, never returned, never usable in where/order/fields. */
  writeOnly?: boolean;
  /** Name of the resource this foreign key points to. */
  references?: string;
  /** An amount of money in céntimos: shown to people as euros with a decimal comma. */
  money?: boolean;
}

export interface RecursoPublico {
  labels: Etiquetas;
  fields: Record<string, CampoPublico>;
  searchFields: string[];
  /** Foreign key → parent resource, for each `/parent/{id}/<this>` route. */
  nestedUnder: Record<string, string>;
  /**
   * Per role: whether it reads the rows (all, none, its own), writes them (create, change,
   * delete and every action of the entity) and which fields alone it reads. The admin hides what
   * the API would refuse; a role not named may do nothing.
   */
  acceso: Acceso;
  /** The field that names the account a row belongs to, where a role reads only its own. */
  propio?: string;
  /** How people name one of its records (contrato/nombre.ts), as the CSV names it. */
  nombre?: Nombre;
  /** Its records can be restored to a version of their history (docs/arquitectura.md §17). */
  restaurable?: boolean;
}

export type EntidadesPublicas = Record<string, RecursoPublico>;
