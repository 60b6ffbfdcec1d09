import type { ReactNode } from 'react';
import { CreateButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { ExportarButton } from './ExportarButton';

/** A list's toolbar: react-admin's own actions, with the streamed CSV export for «Exportar». */
export const AccionesLista = ({ children }: { children?: ReactNode }) => {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {children}
      <FilterButton />
      {hasCreate && <CreateButton />}
      <ExportarButton />
    </TopToolbar>
  );
};
