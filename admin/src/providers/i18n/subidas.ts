// Texts of the upload fields (videos and photos), read as `aula.subida.*` (merged by es.ts).

export const subida = {
  elegirVideo: 'Elegir vídeo',
  elegirFoto: 'Elegir foto',
  soltar: 'o arrástralo aquí',
  soltarAhora: 'Suelta el archivo para subirlo',
  pausar: 'Pausar',
  reanudar: 'Reanudar',
  cancelar: 'Cancelar subida',
  quitar: 'Quitar',
  subiendo: 'Subiendo «%{nombre}»',
  subido: '«%{nombre}» subido',
  pausada: 'Subida en pausa',
  sinConexion: 'Sin conexión: la subida seguirá cuando vuelva',
  procesando: 'Procesando…',
  lista: 'Listo: guarda para conservarlo',
  progreso: '%{porcentaje} · %{velocidad} · quedan %{restante}',
  progresoSinVelocidad: '%{porcentaje}',
  pendiente: 'Quedó sin terminar la subida de «%{nombre}» (%{tamano}): elige el mismo archivo para continuarla.',
  usarComoMiniatura: 'Usar como miniatura',
  miniaturaDelVideo: 'Miniatura del vídeo',
  vistaPrevia: 'Vista previa',
  error: {
    red: 'No se pudo subir el archivo: no hay conexión con el servidor.',
    servidor: 'No se pudo subir el archivo (error %{status}).',
    procesado: 'El archivo se subió, pero no se pudo procesar.',
  },
};
