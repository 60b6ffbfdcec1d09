// A factura names its customer as the invoice prints them (clienteNombre, clienteNif,
// clienteDireccion), taken from the usuario it is made out to. The seeds write invoices this way
// and the admin fills a draft's customer this way, so both agree on what the customer looks like.

export interface DatosCliente {
  nombre?: string | null;
  apellidos?: string | null;
  nif?: string | null;
  direccion?: string | null;
  codigoPostal?: string | null;
  ciudad?: string | null;
  provincia?: string | null;
  pais?: string | null;
}

/** The address as printed on an invoice: «Calle Mayor, 12, 3º B, 28013 Madrid (Madrid)». */
export function direccionFactura(p: DatosCliente): string | null {
  if (!p.direccion) return null;
  const lugar = [p.codigoPostal, p.ciudad].filter(Boolean).join(' ');
  const provincia = p.provincia && p.provincia !== p.ciudad ? ` (${p.provincia})` : '';
  const pais = p.pais && p.pais !== 'ES' ? `, ${p.pais}` : '';
  return `${p.direccion}, ${lugar}${provincia}${pais}`;
}

/** A usuario as a factura's customer. */
export const clienteDe = (u: DatosCliente) => ({
  clienteNombre: [u.nombre, u.apellidos].filter(Boolean).join(' ') || null,
  clienteNif: u.nif || null,
  clienteDireccion: direccionFactura(u),
});
