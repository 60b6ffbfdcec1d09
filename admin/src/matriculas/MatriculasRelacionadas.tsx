import { Box, Stack } from '@mui/material';
import { Datagrid, FunctionField, ReferenceField, ReferenceManyField } from 'react-admin';
import { DiaField } from '../common/formato/DateTimeField';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { ListaMovil } from '../common/listas/ListaMovil';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';
import { AmpliarButton, DarAccesoButton, RevocarButton, useGestionaMatriculas } from './acciones';
import { EstadoMatricula, HastaField } from './campos';

interface Props extends SinEtiqueta {
  /** Whose matrículas: a usuario's (his cursos) or a curso's (its alumnos). */
  target: 'usuarioId' | 'cursoId';
}

/** «Ampliar» and «Revocar» for an activa one, side by side, wrapping on a phone. */
const Acciones = () => (
  <Stack component="span" direction="row" spacing={1} useFlexGap flexWrap="wrap">
    <AmpliarButton />
    <RevocarButton />
  </Stack>
);

/**
 * The matrículas of the record in context (active, expired and revoked), newest first: on a
 * usuario's page, the cursos he may watch and until when, with «Dar acceso»; on a curso's, its
 * alumnos. Rows are not links: their buttons open dialogs. A role that may not change them
 * (the editor) reads names and dates only.
 */
export const MatriculasRelacionadas = ({ target }: Props) => {
  const gestiona = useGestionaMatriculas();
  const otro = target === 'usuarioId' ? { source: 'cursoId', reference: 'cursos' } : { source: 'usuarioId', reference: 'usuarios' };
  const quien = <ReferenceField source={otro.source} reference={otro.reference} link="show" />;
  return (
    <Box sx={{ width: '100%' }}>
      <ReferenceManyField
        reference="matriculas"
        target={target}
        sort={{ field: 'desde', order: 'DESC' }}
        empty={<Vacio mensaje={target === 'usuarioId' ? 'aula.matriculas.vacioUsuario' : 'aula.matriculas.vacioCurso'} />}
        {...paginada}
      >
        <ResponsiveList
          small={
            <ListaMovil
              rowClick={false}
              bulkActionButtons={false}
              label={`resources.matriculas.fields.${otro.source}`}
              sortBy="desde"
              primaryText={quien}
              tertiaryText={
                <Box component="span" sx={{ float: 'right', ml: 1.5 }}>
                  <EstadoMatricula />
                </Box>
              }
              secondaryText={
                <>
                  <DiaField source="desde" /> – <HastaField />
                  {gestiona && (
                    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                      <Acciones />
                    </Box>
                  )}
                </>
              }
            />
          }
        >
          <Datagrid rowClick={false} bulkActionButtons={false}>
            {quien}
            <DiaField source="desde" />
            <HastaField source="hasta" />
            <EstadoMatricula label="resources.matriculas.fields.estado" sortBy="estado" />
            {gestiona && <FunctionField label="" sortable={false} render={() => <Acciones />} />}
          </Datagrid>
        </ResponsiveList>
      </ReferenceManyField>
      {target === 'usuarioId' && <DarAccesoButton />}
    </Box>
  );
};
