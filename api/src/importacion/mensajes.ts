// The texts of the students' import (api/src/importacion, docs/arquitectura.md §24). A page of the
// catalogue (api/src/mensajes.ts lists every page): code reads it through the index. Addressed to
// the user as «tú».

export const mensajesImportacion = {
  importacion: {
    // The file as a whole: refused before any row is looked at (4xx, nothing written).
    titulo: 'No se ha podido leer el fichero: no se ha importado nada',
    cuerpoVacio: 'Envía el fichero (CSV o XLSX) como cuerpo de la petición (application/octet-stream)',
    vacio: 'El fichero está vacío',
    sinFilas: 'El fichero solo tiene la cabecera: no hay ningún alumno que importar',
    noUtf8: 'El fichero no está en UTF-8: guárdalo como CSV UTF-8',
    noXlsx: 'El fichero parece un Excel (XLSX) pero no se puede abrir: guárdalo otra vez como «Libro de Excel (.xlsx)» o como CSV UTF-8',
    xlsAntiguo: 'Es un Excel antiguo (.xls): guárdalo como «Libro de Excel (.xlsx)» o como CSV UTF-8',
    formula: (celda: string) => `La celda ${celda} tiene una fórmula: pega solo valores`,
    comillas: (fila: number) => `Fila ${fila}: hay unas comillas sin cerrar`,
    csvMalFormado: (fila: number, motivo: string) => `Fila ${fila}: el CSV no se puede leer (${motivo})`,
    faltanColumnas: (faltan: string[]) => `Faltan las columnas obligatorias: ${faltan.join(', ')}. La primera fila debe ser la cabecera (email, nombre, apellidos y, si quieres, teléfono, nif, curso, hasta)`,
    columnaRepetida: (columna: string) => `La columna «${columna}» aparece dos veces en la cabecera`,
    demasiadasFilas: (max: number) => `El fichero tiene más de ${max.toLocaleString('es-ES')} filas y se importan hasta ${max.toLocaleString('es-ES')} de una vez: pártelo en varios`,
    modo: 'El modo es «previsualizar» o «confirmar»',
    // Each row: why it cannot be written (its row and column go beside).
    conErrores: (n: number) => (n === 1 ? 'Hay 1 error en el fichero: corrígelo y vuelve a subirlo; no se ha importado nada' : `Hay ${n.toLocaleString('es-ES')} errores en el fichero: corrígelos y vuelve a subirlo; no se ha importado nada`),
    obligatorio: 'Es obligatorio',
    emailMal: (email: string) => `«${email}» no es un email válido`,
    columnasDeMas: (n: number, cabecera: number) => `La fila tiene ${n} columnas y la cabecera ${cabecera}`,
    emailRepetido: (fila: number) => `Este email ya aparece en la fila ${fila}`,
    cursoNoExiste: (curso: string) => `No hay ningún curso «${curso}»: escribe su título exacto o su número (id)`,
    cursoAmbiguo: (curso: string, ids: number[]) => `Hay ${ids.length} cursos que se llaman «${curso}» (${ids.map((id) => `#${id}`).join(', ')}): escribe su número (id)`,
    fechaMal: (valor: string) => `«${valor}» no es una fecha: escríbela como dd/mm/aaaa o aaaa-mm-dd`,
    fechaPasada: (valor: string) => `«${valor}» ya ha pasado: la fecha de fin debe ser futura (déjala vacía para acceso para siempre)`,
    hastaSinCurso: 'Hay fecha de fin pero no curso: di a qué curso se matricula',
    // The preview: what each row becomes.
    crear: 'Crear',
    actualizar: 'Actualizar',
    igual: 'Sin cambios',
    // OpenAPI.
    resumen: 'Importa alumnos desde un CSV o un XLSX: previsualiza (sin escribir nada) o confirma (todo o nada)',
  },
};
