// Texts of other people's live changes (vivo/CambiosEnVivo.tsx), read as `aula.vivo.*`.

export const vivo = {
  cambios: '1 cambio — actualizar |||| %{smart_count} cambios — actualizar',
  fichaCambiada: 'Otra persona acaba de cambiar este registro: se muestra como está ahora.',
  fichaBorrada: 'Otra persona acaba de borrar este registro.',
  guardadoPorOtro: 'Otra persona acaba de guardar este registro. Si guardas ahora, tus cambios pueden sustituir a los suyos.',
  borradoPorOtro: 'Otra persona acaba de borrar este registro: ya no se puede guardar.',
};
