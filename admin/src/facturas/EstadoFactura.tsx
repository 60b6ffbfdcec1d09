import { EstadoChip } from '../common/EstadoChip';

// Issued and owed, settled, cancelled; a draft is not an invoice yet, so it stays grey.
const colores = { emitida: 'info', pagada: 'success', anulada: 'error' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** A factura's estado as a chip. */
export const EstadoFactura = (_props: Props) => <EstadoChip source="estado" grupo="estadoFactura" colores={colores} />;
