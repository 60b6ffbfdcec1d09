declare module 'virtual:aula-registro' {
  const registro: import('../../../api/src/rest/publico').RegistroPublico;
  export default registro;
}
