declare module 'virtual:aula-entidades' {
  const entidades: import('../../../contrato/entidades').EntidadesPublicas;
  export default entidades;
}

declare module 'virtual:aula-informes' {
  const informes: readonly import('../../../contrato/catalogoInformes').InformePublico[];
  export default informes;
}
