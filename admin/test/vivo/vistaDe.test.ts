// Which page a change concerns is read from the address, which carries react-admin's basename
// (/main): read without it, every list looked like the form of a record of «main», and no list
// ever offered «N cambios — actualizar».
import { describe, expect, it } from 'vitest';
import { vistaDe } from '../../src/vivo/CambiosEnVivo';

describe('vistaDe', () => {
  it('reads the section and record under the admin basename', () => {
    expect(vistaDe('/main/cursos', '/main')).toEqual({ tipo: 'lista', recurso: 'cursos' });
    expect(vistaDe('/main/cursos/5', '/main')).toEqual({ tipo: 'edicion', recurso: 'cursos', id: '5' });
    expect(vistaDe('/main/cursos/5/1', '/main')).toEqual({ tipo: 'edicion', recurso: 'cursos', id: '5' });
    expect(vistaDe('/main/cursos/5/show', '/main')).toEqual({ tipo: 'ficha', recurso: 'cursos', id: '5' });
  });

  it('is no list or record on the dashboard, a creation form or outside the admin', () => {
    expect(vistaDe('/main', '/main')).toBeUndefined();
    expect(vistaDe('/main/', '/main')).toBeUndefined();
    expect(vistaDe('/main/cursos/create', '/main')).toBeUndefined();
    expect(vistaDe('/login', '/main')).toBeUndefined();
    expect(vistaDe('/mainx/cursos', '/main')).toBeUndefined();
  });
});
