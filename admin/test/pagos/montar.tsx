// The admin with the pagos section and the sections a pago links to (its usuario, curso and
// factura), as the admin mounts them (their records named by the registry), at one address, over
// the data provider a test gives.
import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { Admin, type DataProvider, type I18nProvider, TestMemoryRouter } from 'react-admin';
import cursos from '../../src/cursos';
import facturas from '../../src/facturas';
import pagos from '../../src/pagos';
import usuarios from '../../src/usuarios';
import { recursosDe } from '../../src/recursos';
import { recursosI18n } from '../recursosI18n';

type Entrada = NonNullable<ComponentProps<typeof TestMemoryRouter>['initialEntries']>[number];

export const montarPagos = (entrada: Entrada, dataProvider: DataProvider, i18nProvider: I18nProvider = recursosI18n) =>
  render(
    <TestMemoryRouter initialEntries={[entrada]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {recursosDe([pagos, usuarios, cursos, facturas])}
      </Admin>
    </TestMemoryRouter>,
  );
