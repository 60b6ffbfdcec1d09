// Choosing the usuario of a draft factura fills its customer, without wiping what was typed.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, TestMemoryRouter, testDataProvider } from 'react-admin';
import facturas from '../../src/facturas';
import usuarios from '../../src/usuarios';
import { recursosDe } from '../../src/recursos';
import { recursosI18n } from '../recursosI18n';

const nuria = {
  id: 5,
  nombre: 'Nuria',
  apellidos: 'Cortés Vidal',
  nif: '12345678Z',
  direccion: 'Calle Mayor, 12, 3º B',
  codigoPostal: '28013',
  ciudad: 'Madrid',
  provincia: 'Madrid',
  pais: 'ES',
};
const jorge = { id: 2, nombre: 'Jorge', apellidos: 'Martín', nif: null, direccion: 'Rúa Nova, 4', codigoPostal: '15705', ciudad: 'Santiago de Compostela', provincia: 'A Coruña', pais: 'ES' };
const borrador = {
  id: 9,
  serie: 'A',
  numero: null,
  fecha: '2026-02-01T10:00:00.000Z',
  usuarioId: 5,
  clienteNombre: 'Nuria Cortés',
  clienteNif: '12345678Z',
  clienteDireccion: 'Calle Antigua, 1, 28013 Madrid',
  concepto: 'Curso de guitarra',
  base: 10000,
  tipoIva: 21,
  estado: 'borrador',
};
const todos = [nuria, jorge];

const renderAt = (path: string) => {
  const dataProvider = testDataProvider({
    getOne: (async (resource: string, { id }: { id: number }) => ({
      data: resource === 'facturas' ? borrador : todos.find((u) => u.id === Number(id)),
    })) as never,
    getList: (async (resource: string) => (resource === 'usuarios' ? { data: todos, total: 2 } : { data: [], total: 0 })) as never,
    getMany: (async (_: string, { ids }: { ids: unknown[] }) => ({ data: todos.filter((u) => ids.map(Number).includes(u.id)) })) as never,
    getManyReference: (async () => ({ data: [], total: 0 })) as never,
  });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        {recursosDe([facturas, usuarios])}
      </Admin>
    </TestMemoryRouter>,
  );
};

const campo = (nombre: string) => screen.findByRole('textbox', { name: nombre }) as Promise<HTMLInputElement>;

async function elegirUsuario(texto: string, opcion: string) {
  const usuario = await screen.findByRole('combobox', { name: /Usuario/ });
  fireEvent.change(usuario, { target: { value: texto } });
  fireEvent.click(await screen.findByRole('option', { name: opcion }));
}

const cliente = async () => [
  (await campo('Nombre del cliente')).value,
  (await campo('NIF del cliente')).value,
  (await campo('Dirección del cliente')).value,
];

describe('the customer of a new factura', () => {
  it('is filled from the usuario chosen, and follows a change of usuario', async () => {
    renderAt('/facturas/create');
    await elegirUsuario('Nuria', 'Nuria Cortés Vidal');
    await waitFor(async () =>
      expect(await cliente()).toEqual(['Nuria Cortés Vidal', '12345678Z', 'Calle Mayor, 12, 3º B, 28013 Madrid']),
    );

    await elegirUsuario('Jorge', 'Jorge Martín');
    // Jorge has no NIF: Nuria's is not left behind on his invoice.
    await waitFor(async () =>
      expect(await cliente()).toEqual(['Jorge Martín', '', 'Rúa Nova, 4, 15705 Santiago de Compostela (A Coruña)']),
    );
  });

  it('keeps what the administrator typed and fills only the rest', async () => {
    renderAt('/facturas/create');
    fireEvent.change(await campo('Nombre del cliente'), { target: { value: 'Academia Sol S.L.' } });
    await elegirUsuario('Nuria', 'Nuria Cortés Vidal');
    await waitFor(async () => expect((await cliente())[1]).toBe('12345678Z'));
    expect(await cliente()).toEqual(['Academia Sol S.L.', '12345678Z', 'Calle Mayor, 12, 3º B, 28013 Madrid']);
  });
});

describe('the customer of a saved draft', () => {
  it('stays as saved when the form opens, and is replaced only where it was the old usuario’s', async () => {
    renderAt('/facturas/9');
    expect(await screen.findByDisplayValue('Curso de guitarra')).toBeInTheDocument();
    await waitFor(async () => expect((await cliente())[2]).toBe('Calle Antigua, 1, 28013 Madrid'));
    expect(await cliente()).toEqual(['Nuria Cortés', '12345678Z', 'Calle Antigua, 1, 28013 Madrid']);

    await elegirUsuario('Jorge', 'Jorge Martín');
    // The NIF was Nuria's: it goes. The name and address had been edited: they stay.
    await waitFor(async () => expect((await cliente())[1]).toBe(''));
    expect(await cliente()).toEqual(['Nuria Cortés', '', 'Calle Antigua, 1, 28013 Madrid']);
  });
});
