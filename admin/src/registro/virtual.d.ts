declare module 'virtual:aula-registro' {
  const registro: import('../../../api/src/resources/publico').RegistroPublico;
  export default registro;
}
