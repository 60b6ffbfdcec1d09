import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material';
import { camposOrdenables, ResponsiveList } from '../../src/common/listas/ResponsiveList';

/** Makes the browser report a viewport `width` px wide to CSS media queries. */
const viewport = (width: number) => {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
};

// react-admin provides the theme in the app; MUI's default breakpoints are the ones it uses.
const lista = (
  <ThemeProvider theme={createTheme()}>
    <ResponsiveList small={<p>lista simple</p>}>
      <p>tabla</p>
    </ResponsiveList>
  </ThemeProvider>
);

// A table's columns are named by their `source`, as react-admin's fields are.
const Columna = ({ source }: { source: string }) => <p>{source}</p>;
const Tabla = ({ children }: { children?: ReactNode }) => <div>{children}</div>;

const tabla = (
  <ThemeProvider theme={createTheme()}>
    <ResponsiveList small={<p>lista simple</p>} omitOnTablet={['referencia', 'cursoId']}>
      <Tabla>
        <Columna source="fecha" />
        <Columna source="cursoId" />
        <Columna source="importe" />
        <Columna source="referencia" />
      </Tabla>
    </ResponsiveList>
  </ThemeProvider>
);

const columnas = () => screen.getAllByText(/^\w+$/).map((p) => p.textContent);

describe('ResponsiveList', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows the simple list on a 360 px phone', () => {
    viewport(360);
    render(lista);
    expect(screen.getByText('lista simple')).toBeInTheDocument();
    expect(screen.queryByText('tabla')).not.toBeInTheDocument();
  });

  it('shows the simple list just under 600 px', () => {
    viewport(599);
    render(lista);
    expect(screen.getByText('lista simple')).toBeInTheDocument();
  });

  it('shows the table from 600 px', () => {
    viewport(600);
    render(lista);
    expect(screen.getByText('tabla')).toBeInTheDocument();
    expect(screen.queryByText('lista simple')).not.toBeInTheDocument();
  });

  it('leaves out the columns named in omitOnTablet on an 820 px tablet, and keeps the rest in order', () => {
    viewport(820);
    render(tabla);
    expect(columnas()).toEqual(['fecha', 'importe']);
  });

  it('leaves them out from 600 px up to just under 1 200 px', () => {
    viewport(600);
    const { unmount } = render(tabla);
    expect(columnas()).toEqual(['fecha', 'importe']);
    unmount();
    viewport(1199);
    render(tabla);
    expect(columnas()).toEqual(['fecha', 'importe']);
  });

  it('shows every column from 1 200 px', () => {
    viewport(1280);
    render(tabla);
    expect(columnas()).toEqual(['fecha', 'cursoId', 'importe', 'referencia']);
  });
});

it("a phone's sort menu offers what the table's headers sort by, and nothing they do not", () => {
  const Columna = (_: { source?: string; sortBy?: string; sortable?: boolean; label?: string }) => null;
  const tabla = (
    <div>
      <Columna label="Número" sortBy="numero" />
      <Columna source="fecha" />
      <Columna source="notas" sortable={false} />
      <Columna label="Cursos" />
      {false}
      <Columna source="total" />
    </div>
  );
  expect(camposOrdenables(tabla)).toEqual(['numero', 'fecha', 'total']);
});
