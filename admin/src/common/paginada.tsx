import { Paginacion } from './Paginacion';

/**
 * A list inside a record's page (a usuario's pagos, a factura's rectificativas…): ten rows at a
 * time with its total and the way to the rest, as every list in the admin. A related list that
 * stopped at its first page, with no total, hid the rest (issue 20, item 7).
 */
export const paginada = { perPage: 10, pagination: <Paginacion rowsPerPageOptions={[10, 25, 50]} /> } as const;
