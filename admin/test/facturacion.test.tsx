// The actions of Facturación (issue 12): which buttons each estado offers, the confirmation
// before what cannot be undone, the calls they make, and the server's refusal said in Spanish.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, HttpError, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import facturas from '../src/facturas';
import { cuerpoRectificacion } from '../src/facturas/RectificarButton';
import pagos from '../src/pagos';
import { estadosPosibles } from '../src/pagos/transiciones';
import usuarios from '../src/usuarios';
import { recursosI18n } from './recursosI18n';

const usuario = { id: 2, nombre: 'Jorge', apellidos: 'Martín' };
const factura = (estado: string, extra: Record<string, unknown> = {}) => ({
  id: 9,
  serie: 'A',
  numero: estado === 'borrador' ? null : 15,
  fecha: estado === 'borrador' ? null : '2026-02-01T10:00:00.000Z',
  tipo: 'F1',
  usuarioId: 2,
  concepto: 'Curso de guitarra',
  base: 10000,
  tipoIva: 21,
  cuotaIva: 2100,
  total: 12100,
  estado,
  ...extra,
});
const registro = { id: 4, facturaId: 9, tipo: 'alta', huella: 'A'.repeat(64), huellaAnterior: 'B'.repeat(64), fechaHoraHusoGenRegistro: '2026-02-01T11:00:00+01:00' };
const pago = (estado: string, facturaId: number | null = null) => ({ id: 3, usuarioId: 2, importe: 6050, moneda: 'EUR', metodo: 'bizum', estado, fecha: '2026-02-01T10:00:00.000Z', facturaId });

function renderAt(path: string, registros: Record<string, Record<string, unknown>>, accion = vi.fn()) {
  const update = vi.fn(async (_r: string, { id, data }: { id: number; data: object }) => ({ data: { ...registros.pagos, id, ...data } }));
  const dataProvider = {
    getOne: async (resource: string) => ({ data: registros[resource] ?? usuario }),
    getList: async () => ({ data: [], total: 0 }),
    getMany: async (resource: string) => ({ data: resource === 'usuarios' ? [usuario] : [registros[resource]].filter(Boolean) }),
    getManyReference: async (resource: string) =>
      resource === 'registros' && registros.facturas?.estado !== 'borrador' ? { data: [registro], total: 1 } : { data: [], total: 0 },
    update,
    accion,
  } as unknown as DataProvider;
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        <Resource name="facturas" {...facturas} />
        <Resource name="pagos" {...pagos} />
        <Resource name="usuarios" {...usuarios} />
      </Admin>
    </TestMemoryRouter>,
  );
  return { accion, update };
}

const boton = (nombre: string) => screen.queryByRole('button', { name: nombre });
const enlacePdf = () => screen.queryByRole('link', { name: 'Descargar PDF' });

/** Clicks the action, checks its dialog says it cannot be undone, and confirms. */
async function confirmar(nombre: string) {
  fireEvent.click(screen.getByRole('button', { name: nombre }));
  const dialogo = await screen.findByRole('dialog');
  expect(dialogo).toHaveTextContent('no se puede deshacer');
  fireEvent.click(within(dialogo).getByRole('button', { name: /confirm/i }));
}

describe('a factura offers what its estado allows', () => {
  it('a borrador is edited or issued, after a confirmation', async () => {
    const accion = vi.fn(async () => ({ data: factura('emitida') }));
    renderAt('/facturas/9/show', { facturas: factura('borrador') }, accion);
    expect(await screen.findByText('Curso de guitarra')).toBeInTheDocument();
    await waitFor(() => expect(boton('Emitir')).toBeInTheDocument());
    expect(boton('Rectificar')).toBeNull();
    expect(boton('Anular')).toBeNull();
    expect(enlacePdf()).toBeNull();
    expect(screen.queryByRole('img', { name: /QR tributario/ })).toBeNull();
    await confirmar('Emitir');
    await waitFor(() => expect(accion).toHaveBeenCalledWith('facturas', 9, 'emitir', undefined));
    expect(await screen.findByText('Factura A-15 emitida')).toBeInTheDocument();
  });

  it('an issued invoice is downloaded, rectified or anulada, never edited; its page shows the QR and its record', async () => {
    renderAt('/facturas/9/show', { facturas: factura('emitida') });
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    expect(boton('Anular')).toBeInTheDocument();
    expect(boton('Emitir')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(enlacePdf()).toHaveAttribute('href', 'http://localhost:3000/facturas/9/pdf');
    expect(screen.getByRole('img', { name: 'Código QR tributario de la factura A-15' })).toHaveAttribute('src', 'http://localhost:3000/facturas/9/qr.svg');
    expect(screen.getByText('F1 · Factura completa')).toBeInTheDocument();
    expect(await screen.findByText('A'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('B'.repeat(64))).toBeInTheDocument();
    // The record's time, the Spanish way, next to the invoice's own date.
    expect(screen.getAllByText(/^01\/02\/2026/)).toHaveLength(2);
  });

  it('an anulada invoice is only downloaded', async () => {
    renderAt('/facturas/9/show', { facturas: factura('anulada') });
    await waitFor(() => expect(enlacePdf()).toBeInTheDocument());
    expect(boton('Rectificar')).toBeNull();
    expect(boton('Anular')).toBeNull();
    expect(boton('Emitir')).toBeNull();
  });

  it('a rectificativa names its kind and links to the invoice it rectifies', async () => {
    renderAt('/facturas/9/show', { facturas: factura('emitida', { serie: 'R', numero: 2, tipo: 'R1', rectificaId: 9, motivoRectificacion: 'Descuento' }) });
    expect(await screen.findByText(/^R1 · Rectificativa por error fundado en derecho/)).toBeInTheDocument();
    expect(screen.getByText('Descuento')).toBeInTheDocument();
    expect(screen.getByText('Rectifica a')).toBeInTheDocument();
  });

  it("«Anular» confirms, calls the action, and a refusal shows the server's reason", async () => {
    const accion = vi.fn(async () => {
      throw new HttpError('La factura A-15 tiene rectificativas emitidas: no se puede anular', 409, {});
    });
    renderAt('/facturas/9/show', { facturas: factura('pagada') }, accion);
    await waitFor(() => expect(boton('Anular')).toBeInTheDocument());
    await confirmar('Anular');
    await waitFor(() => expect(accion).toHaveBeenCalledWith('facturas', 9, 'anular', undefined));
    expect(await screen.findByText('La factura A-15 tiene rectificativas emitidas: no se puede anular')).toBeInTheDocument();
  });

  it("a 422's first detail is what the notification says", async () => {
    const accion = vi.fn(async () => {
      throw new HttpError('Revise los campos', 422, { error: { details: [{ path: '/clienteNif', message: 'Para emitir una factura completa hace falta «clienteNif»' }] } });
    });
    renderAt('/facturas/9/show', { facturas: factura('borrador') }, accion);
    await waitFor(() => expect(boton('Emitir')).toBeInTheDocument());
    await confirmar('Emitir');
    expect(await screen.findByText('Para emitir una factura completa hace falta «clienteNif»')).toBeInTheDocument();
  });

  it('«Rectificar» sends the motivo, the description and the signed difference in céntimos', async () => {
    const accion = vi.fn(async () => ({ data: factura('emitida', { id: 12, serie: 'R', numero: 3 }) }));
    renderAt('/facturas/9/show', { facturas: factura('emitida') }, accion);
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Rectificar' }));
    const dialogo = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialogo).getByRole('combobox', { name: /Motivo/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText(/^R1 · /));
    fireEvent.change(within(dialogo).getByLabelText(/Descripción/), { target: { value: 'Descuento no aplicado' } });
    fireEvent.click(within(dialogo).getByLabelText('Restar de la base imponible'));
    fireEvent.change(await within(dialogo).findByLabelText(/Diferencia de base/), { target: { value: '25,50' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(accion).toHaveBeenCalledWith('facturas', 9, 'rectificar', { motivo: 'R1', descripcion: 'Descuento no aplicado', base: -2550 }),
    );
    expect(await screen.findByText('Rectificativa R-3 emitida')).toBeInTheDocument();
  });

  it('a whole rectification sends no amount: the server cancels the invoice exactly', () => {
    expect(cuerpoRectificacion({ motivo: 'R4', descripcion: 'x', alcance: 'entera', diferencia: 500 })).toEqual({ motivo: 'R4', descripcion: 'x' });
    expect(cuerpoRectificacion({ motivo: 'R4', descripcion: 'x', alcance: 'sumar', diferencia: 500 })).toEqual({ motivo: 'R4', descripcion: 'x', base: 500 });
  });
});

describe('a pago offers what its estado allows', () => {
  it('a completed pago without invoice is invoiced, after a confirmation', async () => {
    const accion = vi.fn(async () => ({ data: factura('pagada', { id: 20, numero: 31 }) }));
    renderAt('/pagos/3/show', { pagos: pago('completado') }, accion);
    await waitFor(() => expect(boton('Emitir factura')).toBeInTheDocument());
    expect(boton('Reembolsar')).toBeInTheDocument();
    await confirmar('Emitir factura');
    await waitFor(() => expect(accion).toHaveBeenCalledWith('pagos', 3, 'facturar', undefined));
    expect(await screen.findByText('Factura A-31 emitida')).toBeInTheDocument();
  });

  it('«Reembolsar» PATCHes the estado, once confirmed', async () => {
    const { update } = renderAt('/pagos/3/show', { pagos: pago('completado', 9), facturas: factura('pagada') });
    await waitFor(() => expect(boton('Reembolsar')).toBeInTheDocument());
    expect(boton('Emitir factura')).toBeNull();
    await confirmar('Reembolsar');
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1]).toMatchObject({ id: 3, data: { estado: 'reembolsado' } });
  });

  it('a pendiente or reembolsado pago has neither', async () => {
    renderAt('/pagos/3/show', { pagos: pago('reembolsado', 9), facturas: factura('pagada') });
    expect(await screen.findByText('Reembolsado')).toBeInTheDocument();
    expect(boton('Reembolsar')).toBeNull();
    expect(boton('Emitir factura')).toBeNull();
  });

  it("the form offers only the estados the API accepts from the pago's", () => {
    expect(estadosPosibles({})).toEqual(['pendiente', 'completado']);
    expect(estadosPosibles({ id: 1, estado: 'pendiente' })).toEqual(['pendiente', 'completado', 'fallido']);
    expect(estadosPosibles({ id: 1, estado: 'completado' })).toEqual(['completado', 'reembolsado']);
    expect(estadosPosibles({ id: 1, estado: 'fallido' })).toEqual(['fallido']);
  });
});
