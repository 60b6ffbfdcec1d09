import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useGetOne, useRecordContext } from 'react-admin';
import { clienteDe } from '../../../contrato/cliente';
import { isEditable } from './editable';

type Cliente = ReturnType<typeof clienteDe>;

const vacio = (valor: unknown) => valor == null || valor === '';

/**
 * Choosing the usuario of a draft fills its customer (nombre, NIF, dirección), so nobody copies
 * them by hand. What the administrator wrote there stays: a field is replaced only while it is
 * empty or still says what the previously chosen usuario's data says. A draft opened for editing
 * keeps the customer it was saved with until another usuario is chosen.
 */
export function useClienteDelUsuario() {
  const factura = useRecordContext();
  const editable = factura?.id == null || isEditable(factura);
  const { getValues, setValue } = useFormContext();
  const usuarioId = useWatch({ name: 'usuarioId' });
  const { data: usuario } = useGetOne('usuarios', { id: usuarioId }, { enabled: editable && usuarioId != null });
  const anterior = useRef<{ id: unknown; cliente: Cliente }>(undefined);

  useEffect(() => {
    if (!editable || !usuario || usuario.id !== usuarioId || anterior.current?.id === usuario.id) return;
    const previo = anterior.current;
    const cliente = clienteDe(usuario);
    anterior.current = { id: usuario.id, cliente };
    if (previo === undefined && factura?.id != null) return;
    for (const campo of Object.keys(cliente) as (keyof Cliente)[]) {
      const actual = getValues(campo);
      if (vacio(actual) || actual === previo?.cliente[campo]) setValue(campo, cliente[campo], { shouldDirty: true });
    }
  }, [editable, usuario, usuarioId, factura?.id, getValues, setValue]);
}
