// «Enviar por email» on an issued invoice: the dialog offers another address (empty: the
// client's), the call it makes, the server's refusal under the field with what was typed kept,
// the notification that names the address, and «Reenviar» once a message about it has left.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import correos from '../../src/correos';
import facturas from '../../src/facturas';
import usuarios from '../../src/usuarios';
import { errorLoopBack, fakeApi, type Llamada } from '../fetchMock';
import { montarAdmin, porId } from '../montarAdmin';

const jorge = { id: 2, nombre: 'Jorge', apellidos: 'Martín', email: 'jorge@example.com' };
const factura = { id: 9, serie: 'A', numero: 15, fecha: '2026-02-01T10:00:00.000Z', tipo: 'F1', usuarioId: 2, concepto: 'Curso de guitarra', base: 10000, tipoIva: 21, cuotaIva: 2100, total: 12100, estado: 'emitida', version: 3 };
const enviado = { id: 40, plantilla: 'factura', para: 'jorge@example.com', asunto: 'Tu factura A-15', estado: 'enviado', intentos: 1, respuesta: '250 OK', facturaId: 9, createdAt: '2026-02-01T10:01:00.000Z' };

/** GET /correos as the API answers it: the rows whose fields match the filter's where. */
const correosDe = (filas: Record<string, unknown>[]) => (l: Llamada) => {
  const where = ((l.query.filter as { where?: Record<string, unknown> } | undefined)?.where ?? {}) as Record<string, unknown>;
  return { body: filas.filter((f) => Object.entries(where).every(([k, v]) => f[k] === v)) };
};

function montar(rutas: Parameters<typeof fakeApi>[0], filas: Record<string, unknown>[] = [], estado = 'emitida', rol = 'contable') {
  return montarAdmin(
    '/facturas/9/show',
    [facturas, usuarios, correos],
    {
      'GET /facturas/9': { body: { ...factura, estado, numero: estado === 'borrador' ? null : 15 } },
      'GET /facturas/9/historial': { body: [] },
      'GET /facturas': { body: [] },
      'GET /facturas/count': { body: { count: 0 } },
      'GET /usuarios': porId([jorge]),
      'GET /usuarios/2': { body: jorge },
      'GET /correos': correosDe(filas),
      'GET /correos/count': (l) => ({ body: { count: correosDe(filas)(l).body.length } }),
      'GET /pagos': { body: [] },
      'GET /pagos/count': { body: { count: 0 } },
      'GET /registros': { body: [] },
      'GET /registros/count': { body: { count: 0 } },
      'GET /remisiones': { body: [] },
      'GET /remisiones/count': { body: { count: 0 } },
      ...rutas,
    },
    { usuario: rol === 'contable' ? 'carmen' : 'admin', rol },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const abrirDialogo = async (nombre = 'Enviar por email') => {
  fireEvent.click(await screen.findByRole('button', { name: nombre }, { timeout: 10_000 }));
  return screen.findByRole('dialog');
};

describe('«Enviar por email» on an issued invoice', () => {
  it('sends to the client’s address when none is typed, and says where it went', { timeout: 30_000 }, async () => {
    const llamadas = montar({ 'POST /facturas/9/enviar': { body: { ...enviado, id: 41, estado: 'pendiente' } } });
    const dialogo = await abrirDialogo();
    expect(await within(dialogo).findByText(/a jorge@example\.com/)).toBeInTheDocument();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar por email' }));
    expect(await screen.findByText('Factura puesta en cola para enviarse a jorge@example.com')).toBeInTheDocument();
    const envio = llamadas.find((l) => l.method === 'POST' && l.url === '/facturas/9/enviar')!;
    expect(envio.body).toEqual({});
    // The invoice as read: someone else's change meanwhile is a 412, not a message about another invoice.
    expect(envio.headers.get('If-Match')).toBe('"3"');
  });

  it('sends to another address, and shows the server’s refusal under the field, keeping what was typed', { timeout: 30_000 }, async () => {
    let intentos = 0;
    const llamadas = montar({
      'POST /facturas/9/enviar': () =>
        intentos++ === 0
          ? errorLoopBack(422, 'Revisa los campos señalados', [{ path: '/email', message: 'Escribe una sola dirección de correo, sin nombre ni comas' }])
          : { body: { ...enviado, id: 42, para: 'gestoria@example.com', estado: 'pendiente' } },
    });
    const dialogo = await abrirDialogo();
    const campo = within(dialogo).getByLabelText('Otra dirección');
    fireEvent.change(campo, { target: { value: 'gestoria@example.com' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar por email' }));
    expect(await within(dialogo).findByText('Escribe una sola dirección de correo, sin nombre ni comas')).toBeInTheDocument();
    expect(campo).toHaveValue('gestoria@example.com');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar por email' }));
    expect(await screen.findByText('Factura puesta en cola para enviarse a gestoria@example.com')).toBeInTheDocument();
    expect(llamadas.filter((l) => l.method === 'POST' && l.url === '/facturas/9/enviar').map((l) => l.body)).toEqual([{ email: 'gestoria@example.com' }, { email: 'gestoria@example.com' }]);
  });

  it('says «Reenviar» once a message has left, and lists the invoice’s correos', { timeout: 30_000 }, async () => {
    montar({}, [enviado]);
    expect(await screen.findByRole('button', { name: 'Reenviar por email' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('250 OK')).toBeInTheDocument();
    expect(screen.getByText('Enviado')).toBeInTheDocument();
  });

  it('is not offered on a borrador', { timeout: 30_000 }, async () => {
    montar({}, [], 'borrador');
    expect(await screen.findByRole('button', { name: 'Emitir' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /por email/ })).not.toBeInTheDocument();
  });
});

describe('the correos block', () => {
  const rutas = { 'GET /usuarios/2': { body: jorge }, 'GET /correos': correosDe([{ ...enviado, usuarioId: 2 }]), 'GET /correos/count': { body: { count: 1 } } };

  it('is a tab of a usuario for the contable', { timeout: 30_000 }, async () => {
    montarAdmin('/usuarios/2/show/correos', [usuarios, correos], rutas, { usuario: 'carmen', rol: 'contable' });
    expect(await screen.findByRole('tab', { name: 'Correos' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('250 OK')).toBeInTheDocument();
  });

  it('is neither shown nor asked for to an editor', { timeout: 30_000 }, async () => {
    const llamadas = montarAdmin('/usuarios/2/show', [usuarios, correos], rutas, { usuario: 'pablo', rol: 'editor' });
    expect(await screen.findByText('Jorge', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Correos' })).not.toBeInTheDocument();
    expect(llamadas.some((l) => l.url.startsWith('/correos'))).toBe(false);
  });
});
