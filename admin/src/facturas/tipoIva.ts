// The IVA rates a factura takes, as the admin shows them: a percentage needs no translation, so
// use with translateChoice={false}.
import type { Choice } from '../common/formato/choices';
import { valores } from '../entidades';

export const tipoIvaChoices: Choice[] = valores<number>('facturas', 'tipoIva').map((id) => ({ id, name: `${id} %` }));
