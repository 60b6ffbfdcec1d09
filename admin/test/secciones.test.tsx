// Every page of every section renders its record (names, not ids) without falling into the
// error page, against a fake API holding one small, consistent set of records.
import { render, screen, waitFor } from '@testing-library/react';
import { Admin, type DataProvider, TestMemoryRouter } from 'react-admin';
import { recursosDe } from '../src/recursos';
import { secciones } from '../src/secciones';
import { recursosI18n } from './recursosI18n';

const db: Record<string, Record<string, unknown>[]> = {
  categorias: [{ id: 1, nombre: 'Música', descripcion: 'Instrumentos y canto', orden: 1 }],
  cursos: [
    { id: 2, titulo: 'Guitarra flamenca', categoriaId: 1, precio: 4900, moneda: 'EUR', nivel: 'intermedio', estado: 'publicado' },
  ],
  clases: [
    { id: 3, titulo: 'Afinar la guitarra', cursoId: 2, orden: 1, duracion: 312, gratuita: true, estado: 'publicada' },
    { id: 4, titulo: 'Tutoría de Lucía', usuarioId: 5, orden: 0, gratuita: false, estado: 'borrador' },
  ],
  usuarios: [
    { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com', pais: 'ES', activo: true, createdAt: '2026-01-10T09:00:00.000Z' },
  ],
  facturas: [
    { id: 6, serie: 'A', numero: 15, fecha: '2026-02-01T10:00:00.000Z', usuarioId: 5, concepto: 'Curso de guitarra flamenca', base: 4050, tipoIva: 21, cuotaIva: 851, total: 4901, estado: 'borrador' },
  ],
  pagos: [
    { id: 7, usuarioId: 5, cursoId: 2, facturaId: 6, importe: 4900, moneda: 'EUR', metodo: 'tarjeta', estado: 'completado', referencia: 'TPV-0007', fecha: '2026-02-01T10:05:00.000Z' },
  ],
  matriculas: [
    { id: 20, usuarioId: 5, cursoId: 2, desde: '2026-02-01T10:05:00.000Z', hasta: '2027-02-01T10:05:00.000Z', estado: 'activa', origen: 'pago', pagoId: 7, enDisputa: false },
  ],
  lotes: [
    {
      id: 30,
      accion: 'matricular',
      cursoId: 2,
      hasta: null,
      estado: 'terminado',
      total: 3,
      procesados: 3,
      hechas: 2,
      saltadas: 0,
      rechazadas: 1,
      errores: JSON.stringify([{ usuarioId: 5, motivo: 'La matrícula cambió mientras tanto' }]),
      createdAt: '2026-03-01T09:00:00.000Z',
      terminadoEn: '2026-03-01T09:00:02.000Z',
    },
  ],
  correos: [
    {
      id: 40,
      plantilla: 'factura',
      para: 'lucia@example.com',
      asunto: 'Tu factura A-15 de Aula',
      html: '<!DOCTYPE html><html lang="es"><body><p>Hola, Lucía:</p></body></html>',
      texto: 'Hola, Lucía:',
      estado: 'fallido',
      intentos: 5,
      respuesta: '550 Buzón inexistente',
      messageId: '<40@aula.example>',
      adjuntarFactura: true,
      facturaId: 6,
      usuarioId: 5,
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
  plantillas: [{ id: 1, clave: 'factura', asunto: 'Tu factura {{numero}} de {{academia}}', html: '<p>Hola, {{cliente}}:</p>', texto: 'Hola, {{cliente}}:', version: 1, updatedAt: '2026-03-01T09:00:00.000Z' }],
  logins: [{ id: 8, usuario: 'admin', nombre: 'Administración', email: 'admin@example.com', activo: true, ultimoAcceso: '2026-03-01T08:00:00.000Z' }],
  logs: [
    { id: 9, tipo: 'BACK-LOGIN', fecha: '2026-03-01T08:00:00.000Z', datos: 'admin', loginId: 8, ip: '127.0.0.1' },
    { id: 10, tipo: 'UPDATE', fecha: '2026-03-01T08:05:00.000Z', loginId: 8, recurso: 'categorias', recursoId: 1, datos: '{"accion":"restaurar","version":3}', ip: '127.0.0.1' },
    // A deleted categoría: only its entry's before-image still knows its name.
    {
      id: 11,
      tipo: 'DELETE',
      fecha: '2026-03-01T08:06:00.000Z',
      loginId: 8,
      recurso: 'categorias',
      recursoId: 9,
      cambios: JSON.stringify({ nombre: ['Pintura', null], orden: [2, null] }),
      ip: '127.0.0.1',
    },
  ],
};

const byId = (resource: string, id: unknown) => db[resource].find((r) => r.id === Number(id));

const dataProvider = {
  getList: async (resource: string) => ({ data: db[resource], total: db[resource].length }),
  getOne: async (resource: string, { id }: { id: unknown }) => ({ data: byId(resource, id) }),
  getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({
    data: ids.map((id) => byId(resource, id)).filter(Boolean),
  }),
  getManyReference: async (resource: string, { target, id }: { target: string; id: unknown }) => {
    const data = db[resource].filter((r) => r[target] === id);
    return { data, total: data.length };
  },
  create: async () => ({ data: { id: 100 } }),
  update: async (_r: string, { data }: { data: unknown }) => ({ data }),
  updateMany: async () => ({ data: [] }),
  delete: async () => ({ data: {} }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

const renderAt = (path: string) =>
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        {recursosDe(secciones.recursos)}
      </Admin>
    </TestMemoryRouter>,
  );

/** Text in a form field's value, which getByText does not see. */
const inputWithValue = (value: string) =>
  [...document.querySelectorAll('input, textarea')].find((el) => (el as HTMLInputElement).value === value);

describe('every section page renders', () => {
  it.each([
    ['/clases', ['Afinar la guitarra', 'Guitarra flamenca', '5:12', 'Lucía Fernández Ruiz']],
    ['/cursos', ['Guitarra flamenca', 'Música', 'Intermedio', 'Publicado']],
    ['/cursos/2/show', ['Guitarra flamenca', 'Música', 'Afinar la guitarra', 'Añadir clase']],
    ['/categorias', ['Música', 'Instrumentos y canto']],
    ['/usuarios', ['Lucía', 'lucia@example.com']],
    ['/usuarios/5/show', ['Lucía', 'Fernández Ruiz', 'Pagos', 'Facturas', 'Clases privadas']],
    ['/usuarios/5/show/pagos', ['Guitarra flamenca', 'Tarjeta']],
    ['/usuarios/5/show/facturas', ['A-15', 'Curso de guitarra flamenca']],
    ['/usuarios/5/show/clases', ['Tutoría de Lucía', 'Añadir clase privada']],
    ['/usuarios/5/show/cursos', ['Guitarra flamenca', '01/02/2026', '01/02/2027', 'Activa']],
    ['/cursos/2/show/alumnos', ['Lucía Fernández Ruiz', '01/02/2026', 'Activa']],
    ['/matriculas', ['Lucía Fernández Ruiz', 'Guitarra flamenca', '01/02/2027', 'Activa', 'Pago']],
    ['/matriculas/20/show', ['Lucía Fernández Ruiz', 'Guitarra flamenca', '01/02/2026', 'Activa']],
    ['/lotes', ['Guitarra flamenca', 'Terminado']],
    ['/lotes/30/show', ['Guitarra flamenca', 'Lucía Fernández Ruiz', 'La matrícula cambió mientras tanto']],
    ['/facturas', ['A-15', 'Lucía Fernández Ruiz', 'Borrador']],
    ['/facturas/6/show', ['A-15', 'Lucía Fernández Ruiz', 'Cuota de IVA', 'Tarjeta']],
    ['/pagos', ['TPV-0007', 'Lucía Fernández Ruiz', 'Guitarra flamenca', 'Completado']],
    ['/pagos/7/show', ['Lucía Fernández Ruiz', 'Guitarra flamenca', 'A-15', 'Tarjeta']],
    ['/correos', ['lucia@example.com', 'Tu factura A-15 de Aula', 'Factura emitida', 'Fallido', '550 Buzón inexistente']],
    ['/correos/40/show', ['lucia@example.com', 'Fallido', 'A-15', 'Lucía Fernández Ruiz', 'Por qué falló', 'Reintentar', 'Descartar']],
    ['/plantillas', ['Factura emitida', 'Tu factura {{numero}} de {{academia}}']],
    ['/logins', ['admin', 'Administración']],
    // An entry's datos read as words: the action by its name, not the JSON the server wrote.
    ['/logs', ['Inicio de sesión', 'admin', 'Restauración · version: 3']],
    ['/logs/9/show', ['Inicio de sesión', '127.0.0.1']],
  ])('%s', { timeout: 20_000 }, async (path, texts) => {
    renderAt(path);
    for (const text of texts) expect((await screen.findAllByText(text, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it.each([
    ['/clases/3', ['Afinar la guitarra', 'Guitarra flamenca']],
    ['/cursos/2', ['Guitarra flamenca', '49,00', 'Música']],
    ['/categorias/1', ['Música', 'Guitarra flamenca']],
    ['/usuarios/5', ['Lucía', 'lucia@example.com', 'ES']],
    ['/facturas/6', ['A', 'Lucía Fernández Ruiz', '40,50']],
    ['/pagos/7', ['Lucía Fernández Ruiz', 'Guitarra flamenca', 'TPV-0007', '49,00']],
    ['/matriculas/20', ['Lucía Fernández Ruiz', 'Guitarra flamenca', '01/02/2027']],
    ['/logins/8', ['admin', 'admin@example.com']],
  ])('edit %s', { timeout: 20_000 }, async (path, values) => {
    renderAt(path);
    for (const value of values) {
      await waitFor(() => expect(inputWithValue(value) ?? screen.queryAllByText(value)[0]).toBeTruthy(), { timeout: 5000 });
    }
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('the password is never shown on the administrator form', { timeout: 20_000 }, async () => {
    renderAt('/logins/8');
    const pass = (await screen.findByLabelText('Nueva contraseña', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(pass.value).toBe('');
    expect(pass.type).toBe('password');
  });

  it.each(['/clases/create', '/cursos/create', '/categorias/create', '/usuarios/create', '/facturas/create', '/pagos/create', '/matriculas/create', '/logins/create'])(
    '%s',
    { timeout: 20_000 },
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('button', { name: /save/i }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    },
  );
});

describe('one name per section', () => {
  const titulo = () => document.getElementById('react-admin-title')?.textContent;

  it.each([
    ['/facturas', 'Facturación'],
    ['/facturas/6/show', 'Factura A-15'],
    ['/facturas/6', 'Factura A-15'],
    ['/clases/create', 'Nueva clase'],
    ['/cursos/create', 'Nuevo curso'],
    ['/categorias/create', 'Nueva categoría'],
    ['/usuarios/create', 'Nuevo usuario'],
    ['/facturas/create', 'Nueva factura'],
    ['/pagos/create', 'Nuevo pago'],
    ['/matriculas/create', 'Nueva matrícula'],
    ['/logins/create', 'Nuevo administrador'],
    ['/logs/10/show', 'Actividad #10'],
  ])('%s is titled «%s»', { timeout: 20_000 }, async (path, esperado) => {
    renderAt(path);
    await waitFor(() => expect(titulo()).toBe(esperado), { timeout: 5000 });
  });

  it('the activity log names resources as the sections do, accents included', { timeout: 20_000 }, async () => {
    renderAt('/logs');
    expect((await screen.findAllByText('Categoría', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText('categorias')).not.toBeInTheDocument();
  });

  it('a deleted record is named from its entry’s before-image, with no link', { timeout: 20_000 }, async () => {
    renderAt('/logs/11/show');
    expect(await screen.findByText('Categoría «Pintura»', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pintura/ })).not.toBeInTheDocument();
  });

  it('an activity entry links to its record by its name', { timeout: 20_000 }, async () => {
    renderAt('/logs/10/show');
    expect(await screen.findByRole('link', { name: 'Categoría «Música»' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
