// A throw-away section and entity, from its registry entry and its folder's description alone:
// the admin's catalogue names it and its fields, the section list gives it a menu place and a
// shortcut, and its create form shows the field labels.
import { render, screen } from '@testing-library/react';
import { Admin, Resource, SimpleForm, TextInput, SelectInput, Create, TestMemoryRouter, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from '../src/providers/i18n/es';
import { textosDeRecursos } from '../src/providers/i18n/recursos';
import { defineSeccion } from '../src/common/definiciones';
import { createSecciones, secciones } from '../src/secciones';
import type { RegistroPublico } from '../../api/src/rest/publico';

const registro: RegistroPublico = {
  cupones: {
    labels: { singular: 'cupón', plural: 'cupones', genero: 'm' },
    fields: {
      codigo: { type: 'string', label: 'Código' },
      tipo: { type: 'string', label: 'Tipo de descuento', enum: ['fijo', 'porcentaje'], enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } },
    },
    searchFields: ['codigo'],
    nestedUnder: {},
  },
};

const choices = Object.entries(registro.cupones.fields.tipo.enumLabels!).map(([id, name]) => ({ id, name }));
const CuponCreate = () => (
  <Create>
    <SimpleForm>
      <TextInput source="codigo" />
      <SelectInput source="tipo" choices={choices} />
    </SimpleForm>
  </Create>
);

const cupones = defineSeccion({ name: 'cupones', vistas: { create: async () => ({ default: CuponCreate }) }, menu: { orden: 65 } });

describe('a new section', () => {
  it('is named by the registry in the catalogue', () => {
    expect(textosDeRecursos(registro).cupones).toMatchObject({ name: 'Cupón |||| Cupones', fields: { codigo: 'Código', tipo: 'Tipo de descuento' } });
  });

  it('takes its menu place and its shortcut from the list', () => {
    const lista = createSecciones([...secciones.todas, cupones]);
    expect(lista.atajos).toEqual(['clases', 'cursos', 'categorias', 'usuarios', 'facturas', 'pagos', 'cupones', 'informes']);
    expect(lista.recursos.map((s) => s.name)).toContain('cupones');
  });

  it('shows its create form with the field labels', async () => {
    const i18n = polyglotI18nProvider(() => ({ ...es, resources: { ...(es.resources as object), ...textosDeRecursos(registro) } }), 'es');
    const dataProvider = { getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider;
    render(
      <TestMemoryRouter initialEntries={['/cupones/create']}>
        <Admin dataProvider={dataProvider} i18nProvider={i18n}>
          <Resource {...cupones} />
        </Admin>
      </TestMemoryRouter>,
    );
    expect(await screen.findByLabelText('Código')).toBeInTheDocument();
    expect(screen.getByLabelText('Tipo de descuento')).toBeInTheDocument();
  });
});
