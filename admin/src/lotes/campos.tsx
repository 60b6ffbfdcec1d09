import { FunctionField, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import { EstadoChip } from '../common/formato/EstadoChip';

// Done: green; stopped by an error: red; running: blue; queued: grey.
const colores = { terminado: 'success', fallido: 'error', enCurso: 'info' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** The lote's estado as a chip. */
export const EstadoLote = (_props: Props) => <EstadoChip recurso="lotes" source="estado" colores={colores} />;

/** «Matricular» or «Revocar». */
export const AccionLote = (_props: Props) => {
  const translate = useTranslate();
  return <FunctionField source="accion" render={(lote) => translate(claveDeValor('lotes', 'accion', lote.accion))} />;
};
