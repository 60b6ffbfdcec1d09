// The API's answers these tests put in its mouth, word for word (api/src/mensajes.ts). The admin
// imports nothing from the API, its tests included (api/test/contrato.test.ts), and that test
// checks that each of these still says what the API says.
export const palabrasDelApi = {
  /** mensajes.validacion.titulo */
  validacionTitulo: 'Los datos no son válidos: revisa los campos señalados',
  /** mensajes.auth.contrasena.comun */
  contrasenaComun: 'Esa contraseña es de las más usadas (o lo es con cifras o signos añadidos): elige otra menos previsible',
  /** mensajes.segundoFactor.contrasenaIncorrecta */
  contrasenaIncorrecta: 'La contraseña no es correcta',
  /** mensajes.segundoFactor.quitarSinFactor */
  quitarSinFactor: 'Esta cuenta no tiene activada la verificación en dos pasos: no hay nada que quitar',
  /** mensajes.acceso.fase('enrolar') */
  faseEnrolar: 'Tu cuenta debe activar la verificación en dos pasos antes de seguir',
};
