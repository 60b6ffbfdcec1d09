// What the page on screen does with other people's changes (docs/arquitectura.md §17), for every
// section at once, from the route: a list offers «N cambios — actualizar» (refreshing keeps its
// page, sort and filter), a record's page reads it again and says so, an edit form warns before
// saving that someone else just saved it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box, Chip } from '@mui/material';
import { useBasename, useNotify, useRefresh, useTranslate } from 'react-admin';
import { subscribeCambios, RECARGAR, type CambioVivo } from '../providers/eventos';

export type Vista = { tipo: 'lista'; recurso: string } | { tipo: 'ficha' | 'edicion'; recurso: string; id: string } | undefined;

/**
 * `/cursos` a list, `/cursos/5/show…` a record's page, `/cursos/5…` its form (tabs included),
 * under react-admin's basename (`/main`): the router's pathname still carries it.
 */
export function vistaDe(pathname: string, basename = ''): Vista {
  if (basename && pathname !== basename && !pathname.startsWith(`${basename}/`)) return undefined;
  const [, recurso, id, resto] = pathname.slice(basename.length).split('/');
  if (!recurso) return undefined;
  if (!id) return { tipo: 'lista', recurso };
  if (id === 'create') return undefined;
  return { tipo: resto === 'show' ? 'ficha' : 'edicion', recurso, id: decodeURIComponent(id) };
}

const esDe = (vista: Vista, c: CambioVivo | typeof RECARGAR) =>
  c === RECARGAR || (vista !== undefined && c.recurso === vista.recurso && (vista.tipo === 'lista' || String(c.id) === vista.id));

export const CambiosEnVivo = () => {
  const { pathname } = useLocation();
  const basename = useBasename();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [cambios, setCambios] = useState(0);
  const [guardadoPorOtro, setGuardadoPorOtro] = useState<'cambiar' | 'borrar'>();
  const vista = vistaDe(pathname, basename);
  const clave = vista && `${vista.tipo} ${vista.recurso} ${'id' in vista ? vista.id : ''}`;

  // A new page starts with no news.
  useEffect(() => {
    setCambios(0);
    setGuardadoPorOtro(undefined);
  }, [clave]);

  useEffect(() => {
    if (!vista) return;
    return subscribeCambios((c) => {
      if (!esDe(vista, c)) return;
      if (vista.tipo === 'lista') setCambios((n) => n + 1);
      else if (vista.tipo === 'ficha') {
        refresh();
        notify(c !== RECARGAR && c.accion === 'borrar' ? 'aula.vivo.fichaBorrada' : 'aula.vivo.fichaCambiada', { type: 'info' });
      } else setGuardadoPorOtro(c !== RECARGAR && c.accion === 'borrar' ? 'borrar' : 'cambiar');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clave, refresh, notify]);

  if (vista?.tipo === 'lista' && cambios > 0) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
        <Chip
          color="info"
          label={translate('aula.vivo.cambios', { smart_count: cambios })}
          onClick={() => {
            setCambios(0);
            refresh();
          }}
        />
      </Box>
    );
  }
  if (vista?.tipo === 'edicion' && guardadoPorOtro) {
    return (
      <Alert role="alert" severity="warning" sx={{ mt: 1 }}>
        {translate(guardadoPorOtro === 'borrar' ? 'aula.vivo.borradoPorOtro' : 'aula.vivo.guardadoPorOtro')}
      </Alert>
    );
  }
  return null;
};
