// The dataProvider speaks the API's LoopBack dialect (docs/arquitectura.md §3, §5): every react-admin call
// becomes exactly these HTTP requests, and the answers and errors come back as react-admin wants.
import { HttpError } from 'react-admin';
import { dataProvider, NoAplicados, toWhere } from '../../src/providers/dataProvider';
import { motivo } from '../../src/providers/http';
import { errorLoopBack, fakeApi } from '../fetchMock';

const page = (page: number, perPage: number) => ({ page, perPage });
const sort = (field: string, order: 'ASC' | 'DESC') => ({ field, order });

afterEach(() => vi.unstubAllGlobals());

describe('getList', () => {
  it('asks for the page and the count in parallel, with the where, order, limit and skip', async () => {
    const llamadas = fakeApi({
      'GET /cursos': { body: [{ id: 3, titulo: 'Guitarra' }] },
      'GET /cursos/count': { body: { count: 41 } },
    });
    const result = await dataProvider.getList('cursos', {
      pagination: page(3, 10),
      sort: sort('titulo', 'DESC'),
      filter: { estado: 'publicado' },
    });
    expect(result).toEqual({ data: [{ id: 3, titulo: 'Guitarra' }], total: 41 });
    expect(llamadas.map((l) => [l.method, l.url.split('?')[0], l.query])).toEqual([
      ['GET', '/cursos', { filter: { where: { estado: 'publicado' }, order: 'titulo DESC', limit: 10, skip: 20 } }],
      ['GET', '/cursos/count', { where: { estado: 'publicado' } }],
    ]);
    expect(llamadas.every((l) => l.credentials === 'include')).toBe(true);
  });

  it('sends no where when nothing filters', async () => {
    const llamadas = fakeApi({ 'GET /pagos': { body: [] }, 'GET /pagos/count': { body: { count: 0 } } });
    await dataProvider.getList('pagos', { pagination: page(1, 25), sort: sort('fecha', 'ASC'), filter: { q: '', metodo: undefined } });
    expect(llamadas[0].query).toEqual({ filter: { order: 'fecha ASC', limit: 25, skip: 0 } });
    expect(llamadas[1].url).toBe('/pagos/count');
  });

  it('turns the search box into an ilike over the resource search fields, escaping wildcards', async () => {
    const llamadas = fakeApi({ 'GET /usuarios': { body: [] }, 'GET /usuarios/count': { body: { count: 0 } } });
    await dataProvider.getList('usuarios', { pagination: page(1, 10), sort: sort('id', 'ASC'), filter: { q: '50%_a\\b' } });
    const pattern = { ilike: '%50\\%\\_a\\\\b%' };
    expect((llamadas[0].query.filter as { where: unknown }).where).toEqual({
      or: [{ nombre: pattern }, { apellidos: pattern }, { email: pattern }, { nif: pattern }],
    });
  });
});

describe('the pagos search box', () => {
  it('looks in the student and the course too, as the registry says, every word somewhere', async () => {
    const llamadas = fakeApi({ 'GET /pagos': { body: [] }, 'GET /pagos/count': { body: { count: 0 } } });
    await dataProvider.getList('pagos', { pagination: page(1, 25), sort: sort('fecha', 'DESC'), filter: { q: 'caballero python' } });
    const palabra = (w: string) => ({
      or: ['referencia', 'notas', 'usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'].map((campo) => ({ [campo]: { ilike: `%${w}%` } })),
    });
    expect((llamadas[0].query.filter as { where: unknown }).where).toEqual({ and: [palabra('caballero'), palabra('python')] });
    expect(llamadas[1].query).toEqual({ where: { and: [palabra('caballero'), palabra('python')] } });
  });
});

describe('getList totals of huge lists (Prefer: count=estimated)', () => {
  const pagos = (n: number, desde = 1) => Array.from({ length: n }, (_, i) => ({ id: desde + i }));
  const lista = (filas: { id: number }[], recuento: object) => fakeApi({ 'GET /pagos': { body: filas }, 'GET /pagos/count': { body: recuento } });

  it('asks the count for the estimated mode, the page as always', async () => {
    const llamadas = lista(pagos(25), { count: 41 });
    await dataProvider.getList('pagos', { pagination: page(1, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(llamadas[0].headers.get('Prefer')).toBeNull();
    expect(llamadas[1].headers.get('Prefer')).toBe('count=estimated');
  });

  it('an exact answer is the total, exactly as before', async () => {
    lista(pagos(25), { count: 9876 });
    const result = await dataProvider.getList('pagos', { pagination: page(1, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(result).toEqual({ data: pagos(25), total: 9876 });
  });

  it('a lower bound or an estimate is no total: pageInfo to page on, and the figure in meta for the label', async () => {
    lista(pagos(25, 26), { count: 10000, approximate: 'lowerBound' });
    const masDe = await dataProvider.getList('pagos', { pagination: page(2, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(masDe).toEqual({
      data: pagos(25, 26),
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
      meta: { recuento: { count: 10000, approximate: 'lowerBound' } },
    });
    expect(masDe.total).toBeUndefined();
    vi.unstubAllGlobals();
    lista(pagos(25), { count: 512345, approximate: 'estimate' });
    const unos = await dataProvider.getList('pagos', { pagination: page(1, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(unos).toMatchObject({ pageInfo: { hasNextPage: true, hasPreviousPage: false }, meta: { recuento: { count: 512345, approximate: 'estimate' } } });
  });

  it('a page that is not full ends the list: its total is exact whatever the estimate said', async () => {
    lista(pagos(3, 51), { count: 512345, approximate: 'estimate' });
    const result = await dataProvider.getList('pagos', { pagination: page(3, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(result).toEqual({ data: pagos(3, 51), total: 53 });
  });

  it('a reference list (getManyReference) keeps the exact count', async () => {
    const llamadas = fakeApi({ 'GET /pagos': { body: [] }, 'GET /pagos/count': { body: { count: 0 } } });
    await dataProvider.getManyReference('pagos', { target: 'usuarioId', id: 5, pagination: page(1, 25), sort: sort('fecha', 'DESC'), filter: {} });
    expect(llamadas[1].headers.get('Prefer')).toBeNull();
  });
});

describe('search box words', () => {
  const enUsuarios = (word: string) => ({
    or: ['nombre', 'apellidos', 'email', 'nif'].map((field) => ({ [field]: { ilike: `%${word}%` } })),
  });

  it('finds «Nuria Cort»: each word in some search field, all words required', () => {
    expect(toWhere('usuarios', { q: 'Nuria Cort' })).toEqual({ and: [enUsuarios('Nuria'), enUsuarios('Cort')] });
  });

  it('ignores the spaces around and between words', () => {
    expect(toWhere('usuarios', { q: '  Nuria   Cort ' })).toEqual({ and: [enUsuarios('Nuria'), enUsuarios('Cort')] });
    expect(toWhere('usuarios', { q: '   ' })).toBeUndefined();
  });

  it('keeps the words next to the other filters', () => {
    expect(toWhere('usuarios', { q: 'ana gil', activo: true })).toEqual({
      and: [enUsuarios('ana'), enUsuarios('gil')],
      activo: true,
    });
  });
});

describe('filters as a where', () => {
  it('maps suffixes to operators and arrays to inq, AND-ing two conditions on one field', () => {
    const desde = new Date('2026-01-01T00:00:00.000Z');
    expect(
      toWhere('pagos', {
        fecha_gte: desde,
        fecha_lte: '2026-01-31T23:59:59.999Z',
        importe_gt: 100,
        importe_lt: 9000,
        estado_neq: 'fallido',
        metodo_inq: ['bizum', 'tarjeta'],
        cursoId: [1, 2],
        usuarioId: 5,
        notas: '',
      }),
    ).toEqual({
      and: [
        { fecha: { gte: '2026-01-01T00:00:00.000Z' } },
        { fecha: { lte: '2026-01-31T23:59:59.999Z' } },
        { importe: { gt: 100 } },
        { importe: { lt: 9000 } },
        { estado: { neq: 'fallido' } },
        { metodo: { inq: ['bizum', 'tarjeta'] } },
        { cursoId: { inq: [1, 2] } },
        { usuarioId: 5 },
      ],
    });
  });

  it('keeps one plain object when no two conditions share a field', () => {
    expect(toWhere('cursos', { q: 'jazz', estado: 'publicado', categoriaId: 2 })).toEqual({
      or: [{ titulo: { ilike: '%jazz%' } }, { descripcion: { ilike: '%jazz%' } }],
      estado: 'publicado',
      categoriaId: 2,
    });
  });
});

describe('single records', () => {
  it('getOne reads /R/{id}', async () => {
    const llamadas = fakeApi({ 'GET /clases/7': { body: { id: 7, titulo: 'Acordes' } } });
    expect(await dataProvider.getOne('clases', { id: 7 })).toEqual({ data: { id: 7, titulo: 'Acordes' } });
    expect(llamadas.map((l) => `${l.method} ${l.url}`)).toEqual(['GET /clases/7']);
  });

  it('getMany asks for the ids with inq', async () => {
    const llamadas = fakeApi({ 'GET /usuarios': { body: [{ id: 1 }, { id: 4 }] } });
    expect(await dataProvider.getMany('usuarios', { ids: [1, 4] })).toEqual({ data: [{ id: 1 }, { id: 4 }] });
    expect(llamadas[0].query).toEqual({ filter: { where: { id: { inq: [1, 4] } }, limit: 2 } });
  });
});

describe('getManyReference', () => {
  it("a curso's clases come from the nested route, counted with the parent key", async () => {
    const llamadas = fakeApi({ 'GET /cursos/2/clases': { body: [{ id: 3 }] }, 'GET /clases/count': { body: { count: 1 } } });
    const result = await dataProvider.getManyReference('clases', {
      target: 'cursoId',
      id: 2,
      pagination: page(1, 50),
      sort: sort('orden', 'ASC'),
      filter: { estado: 'publicada' },
    });
    expect(result).toEqual({ data: [{ id: 3 }], total: 1 });
    expect(llamadas.map((l) => [l.url.split('?')[0], l.query])).toEqual([
      ['/cursos/2/clases', { filter: { where: { estado: 'publicada' }, order: 'orden ASC', limit: 50, skip: 0 } }],
      ['/clases/count', { where: { and: [{ cursoId: 2 }, { estado: 'publicada' }] } }],
    ]);
  });

  it("a usuario's private clases come from /usuarios/{id}/clases", async () => {
    const llamadas = fakeApi({ 'GET /usuarios/5/clases': { body: [] }, 'GET /clases/count': { body: { count: 0 } } });
    await dataProvider.getManyReference('clases', { target: 'usuarioId', id: 5, pagination: page(1, 10), sort: sort('id', 'ASC'), filter: {} });
    expect(llamadas[0].url.split('?')[0]).toBe('/usuarios/5/clases');
    expect(llamadas[1].query).toEqual({ where: { usuarioId: 5 } });
  });

  it('any other relation is a where on the target field', async () => {
    const llamadas = fakeApi({ 'GET /pagos': { body: [] }, 'GET /pagos/count': { body: { count: 0 } } });
    await dataProvider.getManyReference('pagos', { target: 'usuarioId', id: 5, pagination: page(2, 10), sort: sort('fecha', 'DESC'), filter: {} });
    expect(llamadas.map((l) => l.query)).toEqual([
      { filter: { where: { usuarioId: 5 }, order: 'fecha DESC', limit: 10, skip: 10 } },
      { where: { usuarioId: 5 } },
    ]);
  });
});

describe('writes', () => {
  it('create POSTs the writable fields as JSON and returns the created record', async () => {
    const llamadas = fakeApi({ 'POST /pagos': { body: { id: 9, importe: 4990 } } });
    const result = await dataProvider.create('pagos', {
      data: { id: 1, importe: 4990, metodo: 'bizum', fechaReembolso: '2026-02-02T10:00:00.000Z', fecha: new Date('2026-02-01T10:00:00.000Z') },
    });
    expect(result).toEqual({ data: { id: 9, importe: 4990 } });
    expect(llamadas[0]).toMatchObject({
      method: 'POST',
      url: '/pagos',
      body: { importe: 4990, metodo: 'bizum', fecha: '2026-02-01T10:00:00.000Z' },
      credentials: 'include',
    });
    expect(llamadas[0].headers.get('Content-Type')).toBe('application/json');
  });

  it("never sends an invoice's server-set fields: numero, fecha and the rest are the emission's (422 otherwise)", async () => {
    const llamadas = fakeApi({ 'POST /facturas': { body: { id: 9 } } });
    await dataProvider.create('facturas', {
      data: { serie: 'A', numero: 3, fecha: '2026-02-01T10:00:00.000Z', tipo: 'F1', base: 100, tipoIva: 21, cuotaIva: 21, total: 121, rectificaId: 2, emisorNif: 'B1' },
    });
    expect(llamadas[0].body).toEqual({ serie: 'A', base: 100, tipoIva: 21 });
  });

  it('runs a record action as a POST to /R/{id}/<accion> and returns what the server issued', async () => {
    const llamadas = fakeApi({ 'POST /facturas/9/rectificar': { body: { id: 12, serie: 'R', numero: 1 } } });
    const result = await dataProvider.accion('facturas', 9, 'rectificar', { motivo: 'R1', descripcion: 'x', base: -1000 });
    expect(result).toEqual({ data: { id: 12, serie: 'R', numero: 1 } });
    expect(llamadas[0]).toMatchObject({ method: 'POST', url: '/facturas/9/rectificar', body: { motivo: 'R1', descripcion: 'x', base: -1000 } });
  });

  it('update PATCHes only what changed, then reads the record back (PATCH answers 204)', async () => {
    const llamadas = fakeApi({
      'PATCH /logins/8': { status: 204 },
      'GET /logins/8': { body: { id: 8, usuario: 'admin', nombre: 'Ana' } },
    });
    const previousData = { id: 8, usuario: 'admin', nombre: 'Admin', activo: true, ultimoAcceso: '2026-03-01T08:00:00.000Z', updatedAt: 'x' };
    const result = await dataProvider.update('logins', {
      id: 8,
      data: { ...previousData, nombre: 'Ana', ultimoAcceso: '2026-03-02T08:00:00.000Z', updatedAt: 'y' },
      previousData,
    });
    expect(result).toEqual({ data: { id: 8, usuario: 'admin', nombre: 'Ana' } });
    expect(llamadas.map((l) => [l.method, l.url, l.body])).toEqual([
      ['PATCH', '/logins/8', { nombre: 'Ana' }],
      ['GET', '/logins/8', undefined],
    ]);
  });

  it('an unchanged form sends no PATCH (the API refuses an empty one)', async () => {
    const llamadas = fakeApi({ 'GET /categorias/1': { body: { id: 1, nombre: 'Música' } } });
    const record = { id: 1, nombre: 'Música' };
    await dataProvider.update('categorias', { id: 1, data: record, previousData: record });
    expect(llamadas.map((l) => l.method)).toEqual(['GET']);
  });

  it("log entries never send the server's fields", async () => {
    const llamadas = fakeApi({ 'POST /logs': { body: { id: 1 } } });
    await dataProvider.create('logs', { data: { tipo: 'X', fecha: 'f', datos: 'd', loginId: 1, recurso: 'r', recursoId: 2, ip: '::1' } });
    expect(llamadas[0].body).toEqual({ tipo: 'X', fecha: 'f', datos: 'd' });
  });

  it('updateMany PATCHes /R?where= the ids and returns them', async () => {
    const llamadas = fakeApi({ 'PATCH /cursos': { body: { count: 2 } } });
    expect(await dataProvider.updateMany('cursos', { ids: [1, 2], data: { estado: 'archivado' } })).toEqual({ data: [1, 2] });
    expect(llamadas[0]).toMatchObject({ method: 'PATCH', query: { where: { id: { inq: [1, 2] } } }, body: { estado: 'archivado' } });
  });

  it('count asks GET /R/count with the filter as a where', async () => {
    const llamadas = fakeApi({ 'GET /clases/count': { body: { count: 3 } } });
    expect(await dataProvider.count('clases', { cursoId: 4, estado: 'publicada' })).toBe(3);
    expect(llamadas.map((l) => [l.method, l.url.split('?')[0], l.query])).toEqual([
      ['GET', '/clases/count', { where: { cursoId: 4, estado: 'publicada' } }],
    ]);
  });

  it('updateWhere PATCHes every record the filter matches in one request, and never the whole table', async () => {
    const llamadas = fakeApi({ 'PATCH /clases': { body: { count: 5 } } });
    expect(await dataProvider.updateWhere('clases', { cursoId: [4, 6], estado: 'borrador' }, { estado: 'publicada' })).toBe(5);
    expect(llamadas).toHaveLength(1);
    expect(llamadas[0]).toMatchObject({ method: 'PATCH', query: { where: { cursoId: { inq: [4, 6] }, estado: 'borrador' } }, body: { estado: 'publicada' } });
    await expect(dataProvider.updateWhere('clases', {}, { estado: 'publicada' })).rejects.toThrow();
    expect(llamadas).toHaveLength(1);
  });

  it("reorderClases PUTs the curso's whole order in one request", async () => {
    const llamadas = fakeApi({ 'PUT /cursos/4/clases/orden': { status: 204 } });
    expect(await dataProvider.reorderClases(4, [9, 7, 8])).toEqual({ data: [9, 7, 8] });
    expect(llamadas).toHaveLength(1);
    expect(llamadas[0]).toMatchObject({ method: 'PUT', body: { clases: [9, 7, 8] } });
  });

  it('delete answers with the previous record, as the API gives nothing back (204)', async () => {
    const llamadas = fakeApi({ 'DELETE /pagos/7': { status: 204 } });
    const previousData = { id: 7, importe: 4900 };
    expect(await dataProvider.delete('pagos', { id: 7, previousData })).toEqual({ data: previousData });
    expect(llamadas.map((l) => [l.method, l.url, l.credentials])).toEqual([['DELETE', '/pagos/7', 'include']]);
  });

  it('deleteMany: a refusal with a reason is said even when other rows had only changed', async () => {
    fakeApi({
      'DELETE /cursos/1': errorLoopBack(412, 'El curso ha cambiado'),
      'DELETE /cursos/2': errorLoopBack(409, 'El curso tiene 3 clases'),
      'DELETE /cursos/3': { status: 204 },
    });
    const error = await dataProvider.deleteMany('cursos', { ids: [1, 2, 3], meta: { versiones: { 1: 1, 2: 1, 3: 1 } } }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NoAplicados);
    expect((error as HttpError).message).toBe('El curso tiene 3 clases');
  });

  it('updateMany without versions read says too when fewer rows matched than were selected', async () => {
    fakeApi({ 'PATCH /cursos': { body: { count: 1 } } });
    const error = await dataProvider.updateMany('cursos', { ids: [1, 2], data: { estado: 'archivado' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoAplicados);
    expect(error).toMatchObject({ status: 412, noAplicados: 1, total: 2 });
  });

  it('deleteMany deletes each record', async () => {
    const llamadas = fakeApi({ 'DELETE /clases/3': { status: 204 }, 'DELETE /clases/4': { status: 204 } });
    expect(await dataProvider.deleteMany('clases', { ids: [3, 4] })).toEqual({ data: [3, 4] });
    expect(llamadas.map((l) => `${l.method} ${l.url}`).sort()).toEqual(['DELETE /clases/3', 'DELETE /clases/4']);
  });
});

describe('errors', () => {
  const fallo = async (promesa: Promise<unknown>) => {
    const error = await promesa.then(
      () => {
        throw new Error('debía fallar');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  };

  it('422 details become body.errors, so each message shows under its field', async () => {
    fakeApi({
      'POST /cursos': errorLoopBack(422, 'Datos no válidos', [
        { path: '/titulo', code: 'minLength', message: 'Debe tener al menos 1 carácter' },
        { path: 'precio', code: 'minimum', message: 'Debe ser 0 o más' },
        { path: '', code: 'type', message: 'Debe ser un objeto' },
      ]),
    });
    const error = await fallo(dataProvider.create('cursos', { data: { titulo: '', precio: -1 } }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Datos no válidos');
    expect(error.body.errors).toEqual({
      titulo: 'Debe tener al menos 1 carácter',
      precio: 'Debe ser 0 o más',
      root: { serverError: 'Debe ser un objeto' },
    });
  });

  it("401 keeps its status, for the authProvider's checkError", async () => {
    fakeApi({ 'GET /cursos/1': errorLoopBack(401, 'Sesión no iniciada') });
    const error = await fallo(dataProvider.getOne('cursos', { id: 1 }));
    expect(error.status).toBe(401);
  });

  it("a refused reorder or bulk change is told by the 422's first detail, which names the clase", async () => {
    fakeApi({
      'PUT /cursos/4/clases/orden': errorLoopBack(422, 'Los datos no son válidos: revisa los campos señalados', [
        { path: '/clases', code: 'falta', message: 'Falta la clase 10 del curso' },
      ]),
    });
    expect(motivo(await fallo(dataProvider.reorderClases(4, [9])))).toBe('Falta la clase 10 del curso');
    fakeApi({ 'DELETE /cursos/2': errorLoopBack(409, 'No se puede borrar: el curso tiene 12 clases') });
    expect(motivo(await fallo(dataProvider.delete('cursos', { id: 2 })))).toBe('No se puede borrar: el curso tiene 12 clases');
  });

  it("409 brings the server's Spanish message to the notification", async () => {
    fakeApi({ 'DELETE /cursos/2': errorLoopBack(409, 'No se puede borrar: el curso tiene 12 clases') });
    const error = await fallo(dataProvider.delete('cursos', { id: 2 }));
    expect([error.status, error.message]).toEqual([409, 'No se puede borrar: el curso tiene 12 clases']);
  });
});
