/**
 * Props of a block shown inside a show layout's tab: the layout reads `label` from the element,
 * and `label={false}` keeps it from putting an empty field label above the block.
 */
export interface SinEtiqueta {
  label?: false;
}
