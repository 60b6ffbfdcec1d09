// The texts of the bulk enrolments (docs/arquitectura.md §22): «Matricular en un curso» and
// «Revocar matrícula» for the usuarios selected or the whole filter, the lote followed while the
// server works through it, and the «Lotes de matrículas» section. Merged under `aula.lotes`.
export const lotes = {
  matricularSeleccion: 'Matricular en un curso',
  matricularSeleccionTitulo: 'Matricular a %{smart_count} usuario en un curso |||| Matricular a %{smart_count} usuarios en un curso',
  revocarSeleccion: 'Revocar matrícula',
  revocarSeleccionTitulo: 'Revocar la matrícula de un curso a %{smart_count} usuario |||| Revocar la matrícula de un curso a %{smart_count} usuarios',
  matricularFiltro: 'Matricular a todos',
  matricularFiltroTitulo: 'Matricular en un curso a todos los usuarios del filtro',
  revocarFiltro: 'Revocar a todos',
  revocarFiltroTitulo: 'Revocar una matrícula a todos los usuarios del filtro',
  matricularAyuda:
    'Los que ya tengan una matrícula activa en el curso se quedan como están. El servidor lo hace en segundo plano y verás cómo avanza.',
  revocarAyuda:
    'Dejarán de ver el curso al momento; los que no tengan una matrícula activa en él se quedan como están. El dinero no se toca: si hay que devolverlo, hazlo desde cada pago.',
  matricularCuantos: 'Se matriculará %{cuantos} que cumple el filtro actual. |||| Se matricularán %{cuantos} que cumplen el filtro actual.',
  revocarCuantos: 'Se revocará la matrícula a %{cuantos} que cumple el filtro actual. |||| Se revocará la matrícula a %{cuantos} que cumplen el filtro actual.',
  cuantos: {
    exacto: 'el único usuario |||| los %{total} usuarios',
    masDe: 'más de %{total} usuarios',
    unos: 'unos %{total} usuarios',
  },
  curso: 'Curso',
  hastaAyuda: 'Déjalo vacío para dar el acceso que da el curso: sus días de acceso, o para siempre si no tiene',
  hastaDelCurso: 'El que da el curso',
  motivo: 'Motivo',
  motivoAyuda: 'Queda en cada matrícula revocada y en su historial; los alumnos no lo ven',
  seguirTitulo: 'Lote de matrículas #%{id}',
  enCola: 'En cola: empezará en unos segundos.',
  progreso: 'Procesados %{procesados} de %{total}',
  segundoPlano: 'Puedes cerrar esta ventana: el lote sigue en segundo plano y lo verás en Lotes de matrículas.',
  fallido: 'El lote se ha detenido por un error. Lo hecho hasta aquí queda hecho; puedes lanzarlo otra vez para el resto.',
  cifras: 'Hechas %{hechas} · Sin cambios %{saltadas} · Rechazadas %{rechazadas}',
  resumen: 'Hechas %{hechas} · Sin cambios %{saltadas} (%{porque}) · Rechazadas %{rechazadas}',
  porque: { matricular: 'ya matriculados', revocar: 'sin matrícula activa' },
  rechazos: 'Usuarios rechazados',
  usuario: 'Usuario',
  soloPrimeros: 'Se muestran los primeros %{n} de %{total}.',
  resultado: 'Resultado',
  verLote: 'Ver el lote',
  cargando: 'Lanzando el lote…',
};
