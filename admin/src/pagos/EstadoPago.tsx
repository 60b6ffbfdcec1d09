import { EstadoChip } from '../common/EstadoChip';

// Money received, money that did not arrive, money given back; a pendiente one stays grey.
const colores = { completado: 'success', fallido: 'error', reembolsado: 'warning' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** A pago's estado as a chip. */
export const EstadoPago = (_props: Props) => <EstadoChip source="estado" grupo="estadoPago" colores={colores} />;
