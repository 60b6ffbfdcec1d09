import type { RaRecord } from 'react-admin';

/** How a usuario is named everywhere: «nombre apellidos». */
export const nombreCompleto = (usuario: RaRecord): string =>
  [usuario.nombre, usuario.apellidos].filter(Boolean).join(' ');
