import { useListContext } from 'react-admin';
import { Paginacion } from './Paginacion';

const POR_PAGINA = [10, 25, 50];

/** Only when there is more than one page: «1-1 de 1» under a single pago says nothing. */
const PaginacionSiHaceFalta = () => {
  const { total, perPage, page } = useListContext();
  if (page === 1 && total !== undefined && total <= Math.min(perPage, POR_PAGINA[0])) return null;
  return <Paginacion rowsPerPageOptions={POR_PAGINA} />;
};

/**
 * A list inside a record's page (a usuario's pagos, a factura's rectificativas…): ten rows at a
 * time with its total and the way to the rest, as every list in the admin. A related list that
 * stopped at its first page, with no total, hid the rest.
 */
export const paginada = { perPage: POR_PAGINA[0], pagination: <PaginacionSiHaceFalta /> } as const;
