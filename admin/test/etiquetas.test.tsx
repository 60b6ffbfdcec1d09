// A throw-away section and entity, from its registry entry and its folder's description alone:
// the admin's catalogue names it, its fields and its enum's values, the section list gives it a
// menu place and a shortcut, and its create form shows the field labels and the values' Spanish.
import { fireEvent, render, screen } from '@testing-library/react';
import { Admin, Resource, SimpleForm, TextInput, SelectInput, Create, TestMemoryRouter, type DataProvider } from 'react-admin';
import { choicesDe } from '../src/common/choices';
import { i18nProvider } from '../src/providers/i18n';
import { textosDeRecursos, textosDeValores } from '../src/providers/i18n/recursos';
import { defineSeccion } from '../src/common/definiciones';
import { createSecciones, secciones } from '../src/secciones';
import type { RegistroPublico } from '../../contrato/entidades';

const { registro } = vi.hoisted(() => {
  const registro: RegistroPublico = {
    cupones: {
      labels: { singular: 'cupón', plural: 'cupones', genero: 'm' },
      fields: {
        codigo: { type: 'string', label: 'Código' },
        tipo: { type: 'string', label: 'Tipo de descuento', enum: ['fijo', 'porcentaje'], enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } },
      },
      searchFields: ['codigo'],
      nestedUnder: {},
      acceso: {},
    },
  };
  return { registro };
});

// The entity joins the registry the admin embeds, as a new definition in api/src/resources/ would.
vi.mock('virtual:aula-registro', async (importOriginal) => {
  const embebido = (await importOriginal<{ default: RegistroPublico }>()).default;
  return { default: { ...embebido, ...registro } };
});

const CuponCreate = () => (
  <Create>
    <SimpleForm>
      <TextInput source="codigo" />
      <SelectInput source="tipo" choices={choicesDe('cupones', 'tipo')} />
    </SimpleForm>
  </Create>
);

const cupones = defineSeccion({ name: 'cupones', vistas: { create: async () => ({ default: CuponCreate }) }, menu: { orden: 65 } });

describe('a new section', () => {
  it('is named by the registry in the catalogue', () => {
    expect(textosDeRecursos(registro).cupones).toMatchObject({ name: 'Cupón |||| Cupones', fields: { codigo: 'Código', tipo: 'Tipo de descuento' } });
    expect(textosDeValores(registro).cupones).toEqual({ tipo: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } });
  });

  it('takes its menu place and its shortcut from the list', () => {
    const lista = createSecciones([...secciones.todas, cupones]);
    expect(lista.atajos).toEqual(['clases', 'cursos', 'categorias', 'usuarios', 'facturas', 'pagos', 'cupones', 'informes']);
    expect(lista.recursos.map((s) => s.name)).toContain('cupones');
  });

  it('shows its create form with the field labels and its enum in Spanish', async () => {
    const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;
    render(
      <TestMemoryRouter initialEntries={['/cupones/create']}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Resource {...cupones} />
        </Admin>
      </TestMemoryRouter>,
    );
    expect(await screen.findByLabelText('Código')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Tipo de descuento'));
    // Past the empty choice of an optional select, its values as the registry labels them.
    const opciones = (await screen.findAllByRole('option')).map((o) => o.textContent?.trim()).filter(Boolean);
    expect(opciones).toEqual(['Importe fijo', 'Porcentaje']);
  });
});
