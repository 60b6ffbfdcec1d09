import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { montarPagos } from './montar';

const usuario = { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz' };

const setup = () => {
  const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
    data: { ...data, id: 70 },
  }));
  const dataProvider = {
    getList: async (resource: string) => (resource === 'usuarios' ? { data: [usuario], total: 1 } : { data: [], total: 0 }),
    getMany: async (resource: string) => ({ data: resource === 'usuarios' ? [usuario] : [] }),
    getOne: async (_resource: string, { id }: { id: number }) => ({ data: { id, usuarioId: 5, importe: 1234 } }),
    create,
  } as unknown as DataProvider;
  montarPagos({ pathname: '/pagos/create', state: { record: { usuarioId: 5 } } }, dataProvider);
  return create;
};

const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('recording a pago', () => {
  it('checks the server rules before sending anything', { timeout: 20_000 }, async () => {
    const create = setup();
    const importe = await screen.findByLabelText(/Importe/, {}, { timeout: 5000 });
    fireEvent.change(importe, { target: { value: '0' } });
    save();
    expect(await screen.findByText('Debe ser mayor que 0')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends céntimos, the chosen method and an ISO date', { timeout: 20_000 }, async () => {
    const create = setup();
    expect(await screen.findByDisplayValue('Lucía Fernández Ruiz', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Importe/), { target: { value: '12.34' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Método/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Bizum'));
    save();
    await waitFor(() => expect(create).toHaveBeenCalled(), { timeout: 5000 });
    const { data } = create.mock.calls[0][1];
    expect(data).toMatchObject({ usuarioId: 5, importe: 1234, metodo: 'bizum', moneda: 'EUR', estado: 'pendiente' });
    expect(data.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
