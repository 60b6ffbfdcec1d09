import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type Identifier, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { motivo } from '../providers/http';

type Eleccion = 'todo' | 'solo' | 'cancelar';

interface Aviso {
  cursos: Identifier[];
  clases: number;
  choose: (eleccion: Eleccion) => void;
  /** Their clases are being published: the answers wait. */
  publicando?: boolean;
}

/**
 * Before cursos are published: a curso that has clases, every one of them a
 * borrador, would reach its students empty. The administrator is asked, once for all of them,
 * whether to publish their clases too, only the cursos, or nothing yet. `antesDePublicar`
 * resolves to whether the cursos' save goes on; «Publicar también…» first publishes their
 * clases, in one PATCH of the clases by cursoId. `aviso` is the dialog, to be rendered.
 * `seleccion`: the cursos are a list's selection, not one curso's form.
 */
export function useClasesEnBorrador(seleccion = false): { antesDePublicar: (cursos: Identifier[]) => Promise<boolean>; aviso: ReactNode } {
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const [aviso, setAviso] = useState<Aviso | null>(null);

  /** Of `cursos`, those with clases and none of them published, and how many clases they have. */
  const enBorrador = async (cursos: Identifier[]) => {
    const recuentos = await Promise.all(
      cursos.map(async (cursoId) => {
        const [clases, publicadas] = await Promise.all([
          dataProvider.count('clases', { cursoId }),
          dataProvider.count('clases', { cursoId, estado: 'publicada' }),
        ]);
        return { cursoId, clases: clases as number, publicadas: publicadas as number };
      }),
    );
    const vacios = recuentos.filter((r) => r.clases > 0 && r.publicadas === 0);
    return { cursos: vacios.map((r) => r.cursoId), clases: vacios.reduce((n, r) => n + r.clases, 0) };
  };

  const antesDePublicar = async (cursos: Identifier[]): Promise<boolean> => {
    try {
      const vacios = await enBorrador(cursos);
      if (vacios.cursos.length === 0) return true;
      const eleccion = await new Promise<Eleccion>((choose) => setAviso({ ...vacios, choose }));
      if (eleccion === 'todo') {
        setAviso((actual) => actual && { ...actual, publicando: true });
        await dataProvider.updateWhere('clases', { cursoId: vacios.cursos, estado: 'borrador' }, { estado: 'publicada' });
      }
      return eleccion !== 'cancelar';
    } catch (error) {
      notify(motivo(error), { type: 'error' });
      return false;
    } finally {
      setAviso(null);
    }
  };

  const dialogo = aviso && (
    <Dialog open onClose={() => aviso.choose('cancelar')} aria-labelledby="clases-en-borrador-titulo" aria-describedby="clases-en-borrador-texto">
      <DialogTitle id="clases-en-borrador-titulo">{translate('aula.publicacion.titulo')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="clases-en-borrador-texto">
          {seleccion
            ? translate('aula.publicacion.seleccion', { smart_count: aviso.clases, cursos: aviso.cursos.length })
            : translate('aula.publicacion.unCurso', { smart_count: aviso.clases })}
        </DialogContentText>
      </DialogContent>
      {/* Three answers in plain words: on a phone they go one under another rather than off the edge. */}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {/* Like every confirmation, it opens on «Cancelar»: a stray Enter publishes nothing. */}
        <Button onClick={() => aviso.choose('cancelar')} disabled={aviso.publicando} autoFocus>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => aviso.choose('solo')} disabled={aviso.publicando}>
          {translate(seleccion ? 'aula.publicacion.soloCursos' : 'aula.publicacion.soloCurso')}
        </Button>
        <Button variant="contained" onClick={() => aviso.choose('todo')} disabled={aviso.publicando}>
          {translate('aula.publicacion.todo', { smart_count: aviso.clases })}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { antesDePublicar, aviso: dialogo };
}
