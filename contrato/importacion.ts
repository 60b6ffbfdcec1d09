// What POST /usuarios/importar answers (docs/arquitectura.md §24): the preview of a file of
// students (`modo=previsualizar`), the result of its confirmed import (`modo=confirmar`), and each
// refused row with its column and reason. api/src/importacion/alumnos.ts builds them; the admin's
// «Importar alumnos» (admin/src/usuarios/ImportarAlumnos.tsx) shows them.

export interface ErrorFila {
  fila: number;
  /** The column as the file's header names it ('' for the row as a whole). */
  columna: string;
  motivo: string;
}

export type Accion = 'crear' | 'actualizar' | 'igual';

/** A row as it will be written: the usuario created or updated, and its curso. */
export interface FilaVista {
  fila: number;
  accion: Accion;
  /** The usuario matched by its email (update, unchanged). */
  usuarioId: number | null;
  /** The usuario as it will be: created with these values, or these after the update. */
  usuario: { email: string; nombre: string; apellidos: string | null; telefono: string | null; nif: string | null };
  /** The fields that change on an existing usuario. */
  cambios: string[];
  curso: { id: number; titulo: string } | null;
  /** The matrícula's end (ISO), or null for ever. */
  hasta: string | null;
}

export interface Previsualizacion {
  formato: 'csv' | 'xlsx';
  filas: number;
  crear: number;
  actualizar: number;
  sinCambios: number;
  matriculas: number;
  /** The header's columns left out (not understood). */
  ignoradas: string[];
  /** How many errors there are (all of them); `errores` lists the first ones (MAX_ERRORES in the API). */
  totalErrores: number;
  errores: ErrorFila[];
  /** The first rows as they will be written. */
  muestra: FilaVista[];
}

export interface Resultado {
  filas: number;
  creados: number;
  actualizados: number;
  sinCambios: number;
  matriculas: { creadas: number; extendidas: number };
}
