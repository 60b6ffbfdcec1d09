// A throw-away section and entity, from its registry entry and its folder's description alone:
// the admin's catalogue names it, its fields and its enum's values, the section list gives it a
// menu place and a shortcut, and its create form shows the field labels and the values' Spanish.
import { fireEvent, render, screen } from '@testing-library/react';
import { Admin, Create, Datagrid, type DataProvider, List, Resource, SelectInput, SimpleForm, TestMemoryRouter, TextField, TextInput } from 'react-admin';
import { choicesDe } from '../src/common/formato/choices';
import { i18nProvider } from '../src/providers/i18n';
import { textosDeRecursos, textosDeValores } from '../src/providers/i18n/recursos';
import { defineSeccion } from '../src/common/secciones/definiciones';
import { createSecciones, secciones } from '../src/secciones';
import type { EntidadesPublicas } from '../../contrato/entidades';

const { entidades } = vi.hoisted(() => {
  const entidades: EntidadesPublicas = {
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
    // A feminine one: its titles and empty list agree with it.
    promociones: {
      labels: { singular: 'promoción', plural: 'promociones', genero: 'f' },
      fields: { titulo: { type: 'string', label: 'Título' } },
      searchFields: ['titulo'],
      nestedUnder: {},
      acceso: {},
    },
  };
  return { entidades };
});

// The entity joins the registry the admin embeds, as a new definition in api/src/resources/ would.
vi.mock('virtual:aula-entidades', async (importOriginal) => {
  const embebido = (await importOriginal<{ default: EntidadesPublicas }>()).default;
  return { default: { ...embebido, ...entidades } };
});

const CuponCreate = () => (
  <Create>
    <SimpleForm>
      <TextInput source="codigo" />
      <SelectInput source="tipo" choices={choicesDe('cupones', 'tipo')} />
    </SimpleForm>
  </Create>
);

const PromocionList = () => (
  <List>
    <Datagrid>
      <TextField source="titulo" />
    </Datagrid>
  </List>
);

const cupones = defineSeccion({ name: 'cupones', vistas: { create: async () => ({ default: CuponCreate }) }, menu: { orden: 65 } });

describe('a new section', () => {
  it('is named by the registry in the catalogue', () => {
    expect(textosDeRecursos(entidades).cupones).toMatchObject({ name: 'Cupón |||| Cupones', fields: { codigo: 'Código', tipo: 'Tipo de descuento' } });
    expect(textosDeValores(entidades).cupones).toEqual({ tipo: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } });
  });

  it('titles its pages and its empty list in its own gender', () => {
    const textos = textosDeRecursos(entidades);
    expect(textos.cupones).toMatchObject({ page: { create: 'Nuevo cupón' }, empty: 'Aún no hay cupones', invite: 'Crea el primer cupón' });
    expect(textos.promociones).toMatchObject({ page: { create: 'Nueva promoción' }, empty: 'Aún no hay promociones', invite: 'Crea la primera promoción' });
  });

  it('says so when its list is empty, in its gender', async () => {
    const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;
    const promociones = defineSeccion({ name: 'promociones', vistas: { list: async () => ({ default: PromocionList }), create: async () => ({ default: CuponCreate }) } });
    render(
      <TestMemoryRouter initialEntries={['/promociones']}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Resource {...promociones} />
        </Admin>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('Aún no hay promociones')).toBeInTheDocument();
    expect(screen.getByText('Crea la primera promoción')).toBeInTheDocument();
  });

  it('takes its menu place and its shortcut from the list', () => {
    // The real «Cupones» left out: this one, declared here, takes its place.
    const otras = secciones.todas.filter((s) => s.name !== 'cupones');
    const lista = createSecciones([...otras, cupones]);
    // After every section before it in the business's order (65), before the rest.
    const enMenu = createSecciones(otras).enMenu;
    const antes = enMenu.filter((s) => s.menu!.orden < 65).map((s) => s.name);
    const despues = enMenu.filter((s) => s.menu!.orden > 65).map((s) => s.name);
    expect(lista.atajos).toEqual([...antes, 'cupones', ...despues]);
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
