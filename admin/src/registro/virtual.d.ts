declare module 'virtual:aula-registro' {
  const registro: import('../../../contrato/entidades').RegistroPublico;
  export default registro;
}
