declare module 'virtual:aula-registro' {
  const registro: import('../../../contrato/entidades').RegistroPublico;
  export default registro;
}

declare module 'virtual:aula-informes' {
  const informes: readonly import('../../../contrato/catalogoInformes').InformePublico[];
  export default informes;
}
