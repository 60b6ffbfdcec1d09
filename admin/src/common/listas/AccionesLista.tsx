import type { ReactNode } from 'react';
import { CreateButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { ExportarButton } from './ExportarButton';

/**
 * A list's toolbar: react-admin's own actions, with the streamed CSV export for «Exportar». Its
 * buttons wrap onto a second line rather than push the page wider than the screen (the usuarios
 * list carries import and bulk enrolment besides).
 */
export const AccionesLista = ({ children }: { children?: ReactNode }) => {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, minWidth: 0 }}>
      {children}
      <FilterButton />
      {hasCreate && <CreateButton />}
      <ExportarButton />
    </TopToolbar>
  );
};
