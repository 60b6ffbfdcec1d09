// canAccess reads the API's own declaration (the registry embedded in the build) and the role of
// GET /logins/me: what each role is shown is what the API lets it do (issue 23's table).
import { canAccess, cuentaActual, puede, type Cuenta } from '../../src/providers/acceso';
import { authProvider } from '../../src/providers/authProvider';
import { fakeApi } from '../fetchMock';

const contable: Cuenta = { id: 5, rol: 'contable' };
const editor: Cuenta = { id: 6, rol: 'editor' };
const administrador: Cuenta = { id: 1, rol: 'administrador' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('puede, from the entities’ declaration', () => {
  it('an editor writes the catalogue but reads no money, no reports and no VeriFactu', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'publicar']) expect(puede(editor, { action, resource: 'clases' }), action).toBe(true);
    for (const resource of ['pagos', 'facturas', 'registros', 'reembolsos', 'informes', 'verifactu']) {
      expect(puede(editor, { action: 'list', resource }), resource).toBe(false);
    }
  });

  it('an editor reads a usuario’s name and email, never the NIF or the address, and changes nothing', () => {
    for (const campo of ['id', 'nombre', 'apellidos', 'email']) expect(puede(editor, { action: 'read', resource: `usuarios.${campo}` })).toBe(true);
    for (const campo of ['nif', 'direccion', 'telefono', 'notas']) expect(puede(editor, { action: 'read', resource: `usuarios.${campo}` }), campo).toBe(false);
    expect(puede(editor, { action: 'show', resource: 'usuarios' })).toBe(true);
    expect(puede(editor, { action: 'edit', resource: 'usuarios' })).toBe(false);
    expect(puede(editor, { action: 'create', resource: 'usuarios' })).toBe(false);
  });

  it('a contable handles the money and its actions, reads the catalogue and changes none of it', () => {
    for (const action of ['list', 'create', 'edit', 'emitir', 'anular', 'rectificar']) expect(puede(contable, { action, resource: 'facturas' }), action).toBe(true);
    expect(puede(contable, { action: 'facturar', resource: 'pagos' })).toBe(true);
    expect(puede(contable, { action: 'list', resource: 'informes' })).toBe(true);
    expect(puede(contable, { action: 'read', resource: 'usuarios.nif' })).toBe(true);
    expect(puede(contable, { action: 'list', resource: 'cursos' })).toBe(true);
    for (const action of ['create', 'edit', 'delete', 'publicar']) expect(puede(contable, { action, resource: 'cursos' }), action).toBe(false);
  });

  it('an account other than the administrador sees only its own account and log rows', () => {
    expect(puede(contable, { action: 'list', resource: 'logins' })).toBe(true);
    expect(puede(contable, { action: 'show', resource: 'logins', record: { id: 5 } })).toBe(true);
    expect(puede(contable, { action: 'show', resource: 'logins', record: { id: 1 } })).toBe(false);
    expect(puede(contable, { action: 'edit', resource: 'logins', record: { id: 5 } })).toBe(false);
    expect(puede(editor, { action: 'show', resource: 'logs', record: { id: 40, loginId: 6 } })).toBe(true);
    expect(puede(editor, { action: 'show', resource: 'logs', record: { id: 41, loginId: 5 } })).toBe(false);
  });

  it('the administrador may do everything; nobody, nothing; an unknown section is closed to the rest', () => {
    expect(puede(administrador, { action: 'delete', resource: 'facturas' })).toBe(true);
    expect(puede(administrador, { action: 'edit', resource: 'logins', record: { id: 99 } })).toBe(true);
    expect(puede(undefined, { action: 'list', resource: 'clases' })).toBe(false);
    expect(puede(contable, { action: 'list', resource: 'secreta' })).toBe(false);
  });
});

describe('authProvider.canAccess', () => {
  it('asks GET /logins/me for the role once per sign-in', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 6, usuario: 'pablo' }));
    const llamadas = fakeApi({ 'GET /logins/me': { body: { id: 6, usuario: 'pablo', rol: 'editor', fase: null } } });
    await expect(authProvider.canAccess({ action: 'list', resource: 'clases' })).resolves.toBe(true);
    await expect(authProvider.canAccess({ action: 'list', resource: 'pagos' })).resolves.toBe(false);
    await expect(authProvider.getPermissions()).resolves.toBe('editor');
    expect(llamadas.filter((l) => l.url === '/logins/me')).toHaveLength(1);

    // Another sign-in (here, the contable's) may have another role.
    localStorage.setItem('user', JSON.stringify({ id: 5, usuario: 'carmen' }));
    fakeApi({ 'GET /logins/me': { body: { id: 5, usuario: 'carmen', rol: 'contable', fase: null } } });
    await expect(canAccess({ action: 'list', resource: 'pagos' })).resolves.toBe(true);
  });

  it('without a session nothing is allowed and the API is not asked', async () => {
    const llamadas = fakeApi({});
    await expect(canAccess({ action: 'list', resource: 'clases' })).resolves.toBe(false);
    expect(llamadas).toHaveLength(0);
  });

  it('a failed GET /logins/me is asked again next time', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 7, usuario: 'otra' }));
    fakeApi({ 'GET /logins/me': { status: 503, body: { error: { statusCode: 503, message: 'No disponible' } } } });
    await expect(cuentaActual()).rejects.toBeDefined();
    fakeApi({ 'GET /logins/me': { body: { id: 7, usuario: 'otra', rol: 'contable' } } });
    await expect(cuentaActual()).resolves.toEqual({ id: 7, rol: 'contable' });
  });
});
