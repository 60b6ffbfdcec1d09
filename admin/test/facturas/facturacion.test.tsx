// The actions of Facturación: which buttons each estado offers, the
// confirmation before what cannot be undone, the dialogs of what needs more than a yes (rectificar,
// reembolsar), the calls they make, and the server's refusal said in Spanish, under its field.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, HttpError, TestMemoryRouter, type DataProvider } from 'react-admin';
import facturas from '../../src/facturas';
import { cuerpoRectificacion } from '../../src/facturas/RectificarButton';
import pagos from '../../src/pagos';
import { estadosPosibles } from '../../src/pagos/transiciones';
import usuarios from '../../src/usuarios';
import { recursosDe } from '../../src/recursos';
import { recursosI18n } from '../recursosI18n';

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
const pago = (estado: string, facturaId: number | null = null, extra: Record<string, unknown> = {}) => ({
  id: 3, usuarioId: 2, importe: 6050, importeReembolsado: 0, moneda: 'EUR', metodo: 'bizum', estado, fecha: '2026-02-01T10:00:00.000Z', facturaId, ...extra,
});
/** The record as the page read it, which the action sends for its If-Match. */
const leido = (id: number) => expect.objectContaining({ id });
const rectificativa = factura('emitida', { id: 12, serie: 'R', numero: 3, tipo: 'R4', rectificaId: 9, tipoRectificativa: 'I', total: -1000 });

/**
 * The admin at `path` over a data provider holding one record per resource (`registros`), the
 * lists of `relacionadas` by resource, and the given `accion`; getMany answers any id it is asked.
 */
function renderAt(path: string, registros: Record<string, Record<string, unknown>>, accion = vi.fn(), relacionadas: Record<string, Record<string, unknown>[]> = {}) {
  const update = vi.fn(async (_r: string, { id, data }: { id: number; data: object }) => ({ data: { ...registros.pagos, id, ...data } }));
  const todos = [registros.facturas, rectificativa, ...Object.values(relacionadas).flat()].filter(Boolean);
  const dataProvider = {
    getOne: async (resource: string) => ({ data: registros[resource] ?? usuario }),
    getList: async () => ({ data: [], total: 0 }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: resource === 'usuarios' ? [usuario] : resource === 'logins' ? [{ id: 1, usuario: 'lucia' }] : todos.filter((r) => ids.includes(r!.id)),
    }),
    getManyReference: async (resource: string) => {
      if (relacionadas[resource]) return { data: relacionadas[resource], total: relacionadas[resource].length };
      return resource === 'registros' && registros.facturas?.estado !== 'borrador' ? { data: [registro], total: 1 } : { data: [], total: 0 };
    },
    update,
    accion,
  } as unknown as DataProvider;
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        {recursosDe([facturas, pagos, usuarios])}
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
    await waitFor(() => expect(accion).toHaveBeenCalledWith('facturas', 9, 'emitir', undefined, leido(9)));
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
    await waitFor(() => expect(accion).toHaveBeenCalledWith('facturas', 9, 'anular', undefined, leido(9)));
    expect(await screen.findByText('La factura A-15 tiene rectificativas emitidas: no se puede anular')).toBeInTheDocument();
  });

  it("a 422's first detail is what the notification says", async () => {
    const accion = vi.fn(async () => {
      throw new HttpError('Revisa los campos', 422, { error: { details: [{ path: '/clienteNif', message: 'Para emitir una factura completa hace falta «clienteNif»' }] } });
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
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir importes/));
    fireEvent.mouseDown(await within(dialogo).findByRole('combobox', { name: /Motivo/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText(/^R1 · /));
    fireEvent.change(within(dialogo).getByLabelText(/Descripción/), { target: { value: 'Descuento no aplicado' } });
    fireEvent.click(within(dialogo).getByLabelText('Restar de la base imponible'));
    fireEvent.change(await within(dialogo).findByLabelText(/Diferencia de base/), { target: { value: '25,50' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(accion).toHaveBeenCalledWith('facturas', 9, 'rectificar', { motivo: 'R1', descripcion: 'Descuento no aplicado', base: -2550 }, leido(9)),
    );
    expect(await screen.findByText('Rectificativa R-3 emitida')).toBeInTheDocument();
  });

  it('a whole rectification sends no amount: the server cancels the invoice exactly', () => {
    expect(cuerpoRectificacion({ caso: 'importes', motivo: 'R4', descripcion: 'x', alcance: 'entera', diferencia: 500 })).toEqual({ motivo: 'R4', descripcion: 'x' });
    expect(cuerpoRectificacion({ caso: 'importes', motivo: 'R4', descripcion: 'x', alcance: 'sumar', diferencia: 500 })).toEqual({ motivo: 'R4', descripcion: 'x', base: 500 });
    // The customer's data is a substitution, and carries nothing of the amounts case.
    expect(cuerpoRectificacion({ caso: 'cliente', motivo: 'R1', descripcion: 'x', alcance: 'restar', diferencia: 500, clienteNombre: 'Ana', clienteNif: '', clienteDireccion: 'C/ Sol 1' })).toEqual({
      tipoRectificativa: 'S', motivo: 'R1', descripcion: 'x', clienteNombre: 'Ana', clienteNif: '', clienteDireccion: 'C/ Sol 1',
    });
  });

  it('«Rectificar» offers the two cases in plain words and shows only what the chosen one needs', async () => {
    renderAt('/facturas/9/show', { facturas: factura('pagada') });
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Rectificar' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Rectificar la factura A-15');
    expect(within(dialogo).getByLabelText(/^Corregir datos del cliente/)).toBeInTheDocument();
    expect(within(dialogo).getByLabelText(/^Corregir importes/)).toBeInTheDocument();
    expect(dialogo).toHaveTextContent(/El nombre, el NIF o la dirección están mal.*sustituye a esta/);
    expect(dialogo).toHaveTextContent(/Sobra o falta dinero/);
    // Nothing else until the case is chosen.
    expect(within(dialogo).queryByLabelText(/Nombre del cliente/)).toBeNull();
    expect(within(dialogo).queryByLabelText(/Diferencia de base/)).toBeNull();
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir importes/));
    expect(await within(dialogo).findByLabelText('Restar de la base imponible')).toBeInTheDocument();
    expect(within(dialogo).queryByLabelText(/Nombre del cliente/)).toBeNull();
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir datos del cliente/));
    expect(await within(dialogo).findByLabelText(/Nombre del cliente/)).toBeInTheDocument();
    expect(within(dialogo).queryByLabelText('Restar de la base imponible')).toBeNull();
  });

  it('«Corregir datos del cliente» starts from the invoice\'s customer and sends the substitution; the substitute\'s page opens', async () => {
    const sustituta = factura('pagada', { id: 13, serie: 'R', numero: 4, tipo: 'R1', rectificaId: 9, tipoRectificativa: 'S' });
    const accion = vi.fn(async () => ({ data: sustituta }));
    renderAt('/facturas/9/show', { facturas: factura('pagada', { clienteNombre: 'Jorge Martín', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1, Madrid' }) }, accion);
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Rectificar' }));
    const dialogo = await screen.findByRole('dialog');
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir datos del cliente/));
    const direccion = await within(dialogo).findByLabelText(/Dirección del cliente/);
    expect(within(dialogo).getByLabelText(/Nombre del cliente/)).toHaveValue('Jorge Martín');
    expect(within(dialogo).getByLabelText(/NIF del cliente/)).toHaveValue('12345678Z');
    expect(direccion).toHaveValue('Calle Mayor 1, Madrid');
    // An error in the invoice: R1 unless the administrator says otherwise.
    expect(within(dialogo).getByRole('combobox', { name: /Motivo/ })).toHaveTextContent(/^R1 · /);
    fireEvent.change(direccion, { target: { value: 'Calle del Prado 20, Madrid' } });
    fireEvent.change(within(dialogo).getByLabelText(/Descripción/), { target: { value: 'Dirección mal escrita' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(accion).toHaveBeenCalledWith('facturas', 9, 'rectificar', {
        tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección mal escrita', clienteNombre: 'Jorge Martín', clienteNif: '12345678Z', clienteDireccion: 'Calle del Prado 20, Madrid',
      }, leido(9)),
    );
    expect(await screen.findByText('Factura R-4 emitida: sustituye a A-15')).toBeInTheDocument();
  });

  it("the server's refusal of a corrected customer shows under the field it names", async () => {
    const nif = 'El NIF «12345678A» no es válido: revisa su letra o dígito de control';
    const accion = vi.fn(async () => {
      throw new HttpError('Los datos no son válidos', 422, { error: { details: [{ path: '/clienteNif', message: nif }] }, errors: { clienteNif: nif } });
    });
    renderAt('/facturas/9/show', { facturas: factura('pagada', { clienteNombre: 'Jorge Martín', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1' }) }, accion);
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Rectificar' }));
    const dialogo = await screen.findByRole('dialog');
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir datos del cliente/));
    fireEvent.change(await within(dialogo).findByLabelText(/NIF del cliente/), { target: { value: '12345678A' } });
    fireEvent.change(within(dialogo).getByLabelText(/Descripción/), { target: { value: 'NIF' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(within(dialogo).getByLabelText(/NIF del cliente/).closest('.MuiFormControl-root')).toHaveTextContent(nif));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('an invoice with a rectificativa shows «Rectificada» beside its estado, a link to it', async () => {
    renderAt('/facturas/9/show', { facturas: factura('pagada', { rectificadaPorId: 12 }) });
    const enlace = await screen.findByRole('link', { name: 'Rectificada: R-3' });
    expect(enlace).toHaveAttribute('href', '/facturas/12/show');
    expect(screen.getByText('Pagada')).toBeInTheDocument();
  });

  it('a replaced invoice reads «Sustituida por R-4», a link to its substitute, instead of «Pagada»; it is neither rectified nor anulada', async () => {
    const sustituta = factura('pagada', { id: 13, serie: 'R', numero: 4, tipo: 'R1', rectificaId: 9, tipoRectificativa: 'S' });
    renderAt('/facturas/9/show', { facturas: factura('pagada', { rectificadaPorId: 13, sustituidaPorId: 13 }) }, vi.fn(), { facturas: [sustituta] });
    const enlace = await screen.findByRole('link', { name: 'Sustituida por R-4' });
    expect(enlace).toHaveAttribute('href', '/facturas/13/show');
    // Its own estado says nothing else (the substitute, listed among its rectificativas, is «Pagada»).
    const estado = enlace.closest('.ra-field')!;
    expect(estado).not.toHaveTextContent('Pagada');
    expect(estado).not.toHaveTextContent('Rectificada');
    expect(enlacePdf()).toBeInTheDocument();
    expect(boton('Rectificar')).toBeNull();
    expect(boton('Anular')).toBeNull();
  });

  it('an invoice issued after its operation shows the day of the operation', async () => {
    renderAt('/facturas/9/show', { facturas: factura('pagada', { fechaOperacion: '2026-01-02T10:00:00.000Z' }) });
    const etiqueta = await screen.findByText('Fecha de operación');
    expect(etiqueta.closest('.ra-field, .MuiStack-root')).toHaveTextContent('02/01/2026');
  });

  it('«Rectificar» says the description is printed on what the customer receives', async () => {
    renderAt('/facturas/9/show', { facturas: factura('emitida') });
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Rectificar' }));
    const dialogo = await screen.findByRole('dialog');
    fireEvent.click(within(dialogo).getByLabelText(/^Corregir importes/));
    const descripcion = await within(dialogo).findByLabelText(/Descripción/);
    expect(descripcion).toHaveAccessibleDescription(/La lee el cliente: se imprime en la rectificativa/);
  });

  it('an invoice rectified by differences may be rectified again', async () => {
    renderAt('/facturas/9/show', { facturas: factura('pagada', { rectificadaPorId: 12 }) });
    expect(await screen.findByRole('link', { name: 'Rectificada: R-3' })).toBeInTheDocument();
    await waitFor(() => expect(boton('Rectificar')).toBeInTheDocument());
  });

  it('a substitute says how it rectifies and what the invoice it replaces amounted to', async () => {
    renderAt('/facturas/9/show', { facturas: factura('pagada', { serie: 'R', numero: 4, tipo: 'R1', rectificaId: 12, tipoRectificativa: 'S', baseRectificada: 10000, cuotaRectificada: 2100 }) });
    expect(await screen.findByText('Por sustitución')).toBeInTheDocument();
    expect(screen.getByText('Base de la factura sustituida')).toBeInTheDocument();
    expect(screen.getAllByText(/^100,00\s€$/).length).toBeGreaterThan(0);
  });
});

describe("a usuario's Facturas tab", () => {
  it('marks a rectified invoice «Rectificada», not only «Pagada»', async () => {
    renderAt('/usuarios/2/show/facturas', { usuarios: usuario }, vi.fn(), { facturas: [factura('pagada', { rectificadaPorId: 12 }), factura('pagada', { id: 10, numero: 16 })] });
    expect(await screen.findByText('A-16')).toBeInTheDocument();
    expect(screen.getAllByText('Pagada')).toHaveLength(2);
    expect(screen.getAllByText('Rectificada')).toHaveLength(1);
  });

  it('a replaced invoice reads «Sustituida por» its substitute, never «Pagada» as the substitute does', async () => {
    const sustituta = factura('pagada', { id: 13, serie: 'R', numero: 4, tipo: 'R1', rectificaId: 9, tipoRectificativa: 'S' });
    renderAt('/usuarios/2/show/facturas', { usuarios: usuario }, vi.fn(), { facturas: [factura('pagada', { rectificadaPorId: 13, sustituidaPorId: 13 }), sustituta] });
    expect(await screen.findByText('Sustituida por R-4')).toBeInTheDocument();
    expect(screen.getAllByText('Pagada')).toHaveLength(1);
  });
});

describe('a pago offers what its estado allows', () => {
  it('a completed pago without invoice is invoiced, after a confirmation', async () => {
    const accion = vi.fn(async () => ({ data: factura('pagada', { id: 20, numero: 31 }) }));
    renderAt('/pagos/3/show', { pagos: pago('completado') }, accion);
    await waitFor(() => expect(boton('Emitir factura')).toBeInTheDocument());
    expect(boton('Reembolsar')).toBeInTheDocument();
    await confirmar('Emitir factura');
    await waitFor(() => expect(accion).toHaveBeenCalledWith('pagos', 3, 'facturar', undefined, leido(3)));
    expect(await screen.findByText('Factura A-31 emitida')).toBeInTheDocument();
  });

  it('«Reembolsar» asks how much (what is left, to begin with) and why, and calls the action, never a PATCH', async () => {
    const accion = vi.fn(async () => ({ data: { id: 7, pagoId: 3, importe: 2050, motivo: 'Dos clases sin ver', facturaId: 12 } }));
    const { update } = renderAt('/pagos/3/show', { pagos: pago('completado', 9, { importeReembolsado: 1000 }), facturas: factura('pagada') }, accion);
    await waitFor(() => expect(boton('Reembolsar')).toBeInTheDocument());
    expect(boton('Emitir factura')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Reembolsar el pago de 60,50 €');
    expect(dialogo).toHaveTextContent('Ya se han devuelto 10,00 €; quedan 50,50 €.');
    expect(dialogo).toHaveTextContent('no se puede deshacer');
    const importe = within(dialogo).getByLabelText(/Importe a devolver/);
    expect(importe).toHaveValue('50,50');
    fireEvent.change(importe, { target: { value: '20,50' } });
    fireEvent.change(within(dialogo).getByLabelText(/Motivo/), { target: { value: 'Dos clases sin ver' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() => expect(accion).toHaveBeenCalledWith('pagos', 3, 'reembolsar', { importe: 2050, motivo: 'Dos clases sin ver' }, leido(3)));
    expect(await screen.findByText('Reembolso de 20,50 € hecho')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('«Reembolsar» says the reason is the academy\'s and takes a text for the student, sent only when written', async () => {
    const accion = vi.fn(async () => ({ data: { id: 7, pagoId: 3, importe: 2050, motivo: 'x', facturaId: 12 } }));
    renderAt('/pagos/3/show', { pagos: pago('completado', 9), facturas: factura('pagada') }, accion);
    await waitFor(() => expect(boton('Reembolsar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialogo = await screen.findByRole('dialog');
    const motivo = within(dialogo).getByLabelText(/^Motivo/);
    expect(motivo).toHaveAccessibleDescription(/Para la academia: .*No lo ve el alumno/);
    const texto = within(dialogo).getByLabelText(/Texto para el alumno/);
    expect(texto).toHaveAccessibleDescription(/Se imprime en la rectificativa que recibe/);
    fireEvent.change(within(dialogo).getByLabelText(/Importe a devolver/), { target: { value: '20,50' } });
    fireEvent.change(motivo, { target: { value: 'Queja por teléfono' } });
    fireEvent.change(texto, { target: { value: 'Descuento por dos clases no impartidas' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() =>
      expect(accion).toHaveBeenCalledWith('pagos', 3, 'reembolsar', { importe: 2050, motivo: 'Queja por teléfono', descripcion: 'Descuento por dos clases no impartidas' }, leido(3)),
    );
  });

  it('«Reembolsar» of a pago without invoice asks for no text for the student: nothing is printed', async () => {
    renderAt('/pagos/3/show', { pagos: pago('completado') });
    await waitFor(() => expect(boton('Reembolsar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByLabelText(/^Motivo/)).toBeInTheDocument();
    expect(within(dialogo).queryByLabelText(/Texto para el alumno/)).toBeNull();
  });

  /** Opens «Reembolsar» on a pago of 60,50 € with 10,00 € already given back; answers the dialog and what is under «Importe». */
  async function dialogoReembolso(accion = vi.fn()) {
    renderAt('/pagos/3/show', { pagos: pago('completado', 9, { importeReembolsado: 1000 }), facturas: factura('pagada') }, accion);
    await waitFor(() => expect(boton('Reembolsar')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialogo = await screen.findByRole('dialog');
    const rellenar = (importe: string, motivo: string) => {
      fireEvent.change(within(dialogo).getByLabelText(/Importe a devolver/), { target: { value: importe } });
      fireEvent.change(within(dialogo).getByLabelText(/Motivo/), { target: { value: motivo } });
      fireEvent.click(within(dialogo).getByRole('button', { name: 'Reembolsar' }));
    };
    return { dialogo, rellenar, bajoImporte: () => within(dialogo).getByLabelText(/Importe a devolver/).closest('.MuiFormControl-root') };
  }

  it('«Reembolsar» stops more than what is left before sending it', async () => {
    const accion = vi.fn();
    const { rellenar, bajoImporte } = await dialogoReembolso(accion);
    rellenar('60,00', 'Todo');
    await waitFor(() => expect(bajoImporte()).toHaveTextContent('Como mucho 50,50 €, lo que queda por devolver'));
    expect(accion).not.toHaveBeenCalled();
  });

  it("«Reembolsar» shows the server's refusal under the amount (another administrator refunded meanwhile), and stays open", async () => {
    const motivoServidor = 'Como mucho se pueden reembolsar 20,50 €: es lo que queda por devolver de este pago de 60,50 €';
    const accion = vi.fn(async () => {
      throw new HttpError('Los datos no son válidos', 422, { error: { details: [{ path: '/importe', message: motivoServidor }] }, errors: { importe: motivoServidor } });
    });
    const { dialogo, rellenar, bajoImporte } = await dialogoReembolso(accion);
    rellenar('50,50', 'Todo');
    await waitFor(() => expect(bajoImporte()).toHaveTextContent(motivoServidor));
    expect(accion).toHaveBeenCalledWith('pagos', 3, 'reembolsar', { importe: 5050, motivo: 'Todo' }, leido(3));
    expect(dialogo).toBeInTheDocument();
  });

  it("a pago's page lists its refunds with their rectificativas, and says it is refunded in part", async () => {
    const reembolsos = [
      { id: 5, pagoId: 3, importe: 1000, motivo: 'Dos clases sin ver', fecha: '2026-02-03T10:00:00.000Z', facturaId: 12, loginId: 1 },
      { id: 6, pagoId: 3, importe: 500, motivo: 'Cobro duplicado', fecha: '2026-02-04T10:00:00.000Z', facturaId: null, loginId: 1 },
    ];
    renderAt('/pagos/3/show', { pagos: pago('completado', 9, { importeReembolsado: 1500 }), facturas: factura('pagada') }, vi.fn(), { reembolsos });
    expect(await screen.findByText('Dos clases sin ver')).toBeInTheDocument();
    expect(screen.getByText('Cobro duplicado')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'R-3' })).toHaveAttribute('href', '/facturas/12/show');
    expect(screen.getByText('Sin factura')).toBeInTheDocument();
    expect(screen.getByText('Reembolsado en parte')).toBeInTheDocument();
    expect(screen.getByText(/^15,00\s€$/)).toBeInTheDocument();
    // Something is left to give back.
    expect(boton('Reembolsar')).toBeInTheDocument();
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
    // Reembolsado is the «Reembolsar» action's: the form never offers it.
    expect(estadosPosibles({ id: 1, estado: 'completado' })).toEqual(['completado']);
    expect(estadosPosibles({ id: 1, estado: 'fallido' })).toEqual(['fallido']);
  });
});
