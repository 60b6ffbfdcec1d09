// The «Informes» page mounted as the admin mounts it (under /main, in Spanish), for the tests of
// this folder; each mocks fetch with the figures it looks at.
import { render } from '@testing-library/react';
import { AdminContext, testDataProvider, TestMemoryRouter } from 'react-admin';
import InformesPage from '../../src/informes/InformesPage';
import { i18nProvider } from '../../src/providers/i18n';

export const renderInformes = () =>
  render(
    <TestMemoryRouter initialEntries={['/main/informes']}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider} basename="/main">
        <InformesPage />
      </AdminContext>
    </TestMemoryRouter>,
  );
