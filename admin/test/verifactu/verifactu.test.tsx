// The remission as the administrator sees it: the banner on every page while
// records are late or refused (or production runs with the remission off), each invoice's state,
// the QR caption that claims verifiability only while records reach the AEAT, and the public
// declaración responsable with its items a) to l) in order.
import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import facturas from '../../src/facturas';
import { Layout } from '../../src/layout/Layout';
import DeclaracionPage from '../../src/verifactu/DeclaracionPage';
import { estadoDeFactura, type EstadoRemision } from '../../src/verifactu/estado';
import VerifactuPage from '../../src/verifactu/VerifactuPage';
import { fakeApi } from '../fetchMock';
import { recursosI18n } from '../recursosI18n';

const estadoBase: EstadoRemision = {
  modo: 'pruebas',
  avisoDesactivado: false,
  pendientes: 0,
  retrasados: 0,
  pendienteMasAntiguo: null,
  rechazados: 0,
  conErrores: 0,
  ultimoEnvio: { inicio: '2027-01-15T10:00:00.000Z', fin: '2027-01-15T10:00:01.000Z', estado: 'respondido', estadoEnvio: 'Correcto', csv: 'A-YDSW8NLFLANWPM', registros: 12, error: null },
  siguienteEnvio: null,
  tiempoEspera: 60,
  fallosSeguidos: 0,
  bloqueo: null,
  certificado: { titular: 'ACADEMIA EJEMPLO SL - B12345674', caduca: '2027-11-25T00:00:00.000Z', caducaEs: '25/11/2027' },
  erroresDelCliente: [1110, 2001],
};

const factura = { id: 9, serie: 'A', numero: 15, fecha: '2027-01-15T10:00:00.000Z', tipo: 'F1', usuarioId: 2, concepto: 'Curso', base: 10000, tipoIva: 21, cuotaIva: 2100, total: 12100, estado: 'emitida', clienteNif: '12345678Z', clienteNombre: 'Ana' };
const remision = (extra: Record<string, unknown>) => ({ id: 1, registroId: 4, facturaId: 9, estado: 'correcto', vigente: true, intentos: 1, csv: 'A-YDSW8NLFLANWPM', codigoError: null, descripcionError: null, ...extra });

function renderAdmin(path: string, estado: Partial<EstadoRemision>, remisiones: Record<string, unknown>[] = []) {
  const llamadas = fakeApi({ 'GET /verifactu/estado': { body: { ...estadoBase, ...estado } } });
  const dataProvider = {
    getOne: async () => ({ data: factura }),
    getList: async (resource: string) => (resource === 'remisiones' ? { data: remisiones, total: remisiones.length } : { data: [], total: 0 }),
    getMany: async (resource: string) => ({ data: resource === 'facturas' ? [factura] : [{ id: 4, tipo: 'alta', facturaId: 9 }] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  } as unknown as DataProvider;
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n} layout={Layout}>
        <Resource {...facturas} />
        <CustomRoutes>
          <Route path="/verifactu" element={<VerifactuPage />} />
        </CustomRoutes>
      </Admin>
    </TestMemoryRouter>,
  );
  return llamadas;
}

describe('an invoice\'s state at the AEAT', () => {
  const r = (estado: string, vigente = true) => ({ id: Math.random(), estado, vigente });
  it('is the worst of its records still standing, and claims nothing while the remission is off', () => {
    expect(estadoDeFactura([r('correcto')], true)).toBe('remitida');
    expect(estadoDeFactura([r('correcto'), r('pendiente')], true)).toBe('pendiente');
    expect(estadoDeFactura([r('aceptadoConErrores')], true)).toBe('conErrores');
    expect(estadoDeFactura([r('incorrecto'), r('pendiente')], true)).toBe('rechazada');
    // A rejected record a later one corrected no longer counts.
    expect(estadoDeFactura([r('incorrecto', false), r('correcto')], true)).toBe('remitida');
    expect(estadoDeFactura([r('pendiente')], false)).toBe('noRemitida');
    expect(estadoDeFactura([], true)).toBeUndefined();
  });
});

describe('the banner on every page', () => {
  it('says how many records are late and how many pending, and leads to Facturación › VeriFactu', async () => {
    renderAdmin('/facturas', { pendientes: 7, retrasados: 3, pendienteMasAntiguo: '2027-01-15T08:00:00.000Z' });
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent('3 registros de facturación llevan más de una hora sin llegar a la AEAT (7 pendientes en total).');
    expect(within(aviso).getByRole('link', { name: 'Ver VeriFactu' })).toHaveAttribute('href', '/verifactu');
  });

  it('says how many the AEAT rejected, and the text of a message it refused whole', async () => {
    renderAdmin('/facturas', { pendientes: 2, rechazados: 1, bloqueo: { codigo: 4104, texto: 'Codigo[4104].El NIF del titular no está identificado', desde: '2027-01-15T10:00:00.000Z' } });
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent('La AEAT rechazó el último envío entero: Codigo[4104].El NIF del titular no está identificado. Hay 2 registros sin remitir.');
    expect(aviso).toHaveTextContent('La AEAT rechazó 1 registro: hay que subsanarlo.');
  });

  it('warns that nothing is being reported when production runs with the remission off', async () => {
    renderAdmin('/facturas', { modo: 'desactivado', avisoDesactivado: true, pendientes: 40, retrasados: 40 });
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent('La remisión a la AEAT está desactivada (VERIFACTU=desactivado): las facturas no se están remitiendo.');
    // Off, pending records are not «late»: nothing is trying to send them.
    expect(aviso).not.toHaveTextContent('más de una hora');
  });

  it.each([
    ['while all is well', { pendientes: 2 }],
    ['outside production with the remission off, however old its records', { modo: 'desactivado' as const, pendientes: 40, retrasados: 40 }],
  ])('is not there %s', async (_caso, estado) => {
    const llamadas = renderAdmin('/verifactu', estado);
    await screen.findByText('Registros pendientes de envío');
    expect(llamadas.map((l) => l.url)).toContain('/verifactu/estado');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Facturación › VeriFactu', () => {
  it('shows the pending count, the last send with its CSV, and each record to correct with the AEAT\'s words and «Subsanar»', async () => {
    renderAdmin('/verifactu', { pendientes: 4, pendienteMasAntiguo: new Date(Date.now() - 5 * 60_000).toISOString(), rechazados: 1 }, [
      remision({ estado: 'incorrecto', csv: null, codigoError: 1110, descripcionError: 'El NIF no está identificado en el censo de la AEAT.' }),
    ]);
    expect(await screen.findByText('Activa: los registros van al entorno de pruebas de la AEAT')).toBeInTheDocument();
    expect(screen.getByText('ACADEMIA EJEMPLO SL - B12345674, válido hasta el 25/11/2027')).toBeInTheDocument();
    expect(screen.getByText('Registros pendientes de envío').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('El pendiente más antiguo').nextSibling).toHaveTextContent('hace 5 minutos');
    expect(screen.getByText('Último envío').nextSibling).toHaveTextContent('12 registros, todos correctos · CSV A-YDSW8NLFLANWPM');
    expect(await screen.findByText('Error 1110: El NIF no está identificado en el censo de la AEAT.')).toBeInTheDocument();
    // Its state at the AEAT, in the label the API declares for remisiones.estado.
    expect(screen.getByText('Rechazado')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subsanar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Declaración responsable del sistema' })).toHaveAttribute('href', '/declaracion-responsable');
  });
});

describe('the invoice\'s QR caption', () => {
  it('says «Factura verificable…» only while the records reach the AEAT', async () => {
    renderAdmin('/facturas/9/show', { modo: 'pruebas' }, [remision({})]);
    expect(await screen.findByText('Factura verificable en la sede electrónica de la AEAT')).toBeInTheDocument();
    expect(await screen.findByText('AEAT: remitida')).toBeInTheDocument();
  });

  it('and nothing of the kind with VERIFACTU=desactivado', async () => {
    renderAdmin('/facturas/9/show', { modo: 'desactivado' }, [remision({ estado: 'pendiente', csv: null, intentos: 0 })]);
    expect(await screen.findByText('No se remite')).toBeInTheDocument();
    expect(await screen.findByText('QR tributario:')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/verificable|VERI\*FACTU/i);
  });
});

describe('the declaración responsable', () => {
  const apartados = 'abcdefghijkl'.split('').map((letra) => ({ letra, texto: `Texto ${letra}`, valor: letra === 'j' ? null : `Valor ${letra}`, ...(letra === 'j' ? { falta: 'SIF_PRODUCTOR_DIRECCION' } : {}) }));

  it('opens without a session: its title, then a) to l) in order, each preceded by what it is', async () => {
    const llamadas = fakeApi({ 'GET /verifactu/declaracion': { body: { titulo: 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN', remisionActiva: true, apartados } } });
    render(
      <TestMemoryRouter initialEntries={['/declaracion-responsable']}>
        <Routes>
          <Route path="/declaracion-responsable" element={<DeclaracionPage />} />
        </Routes>
      </TestMemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(apartados.map((a) => `${a.letra}) ${a.texto}:${a.valor ?? 'Sin indicar (configura SIF_PRODUCTOR_DIRECCION)'}`));
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(llamadas.map((l) => l.credentials)).toEqual(['include']);
  });
});
