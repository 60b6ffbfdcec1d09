// Uploads of this folder left unfinished in this browser (a reload, a closed tab), as
// tus-js-client remembers them, so the field can say which file to choose again to resume.
import { useEffect, useState } from 'react';
import { defaultOptions } from 'tus-js-client';
import type { Carpeta } from './archivo';

export interface SubidaPendiente {
  nombre: string;
  tamano: number;
}

export function useSubidasPendientes(carpeta: Carpeta, enCurso: boolean): SubidaPendiente[] {
  const [pendientes, setPendientes] = useState<SubidaPendiente[]>([]);
  useEffect(() => {
    if (enCurso) return setPendientes([]);
    let vigente = true;
    // Where nothing is remembered (no localStorage) the storage may not list at all.
    Promise.resolve()
      .then(() => defaultOptions.urlStorage.findAllUploads())
      .then((todas) => {
        if (!vigente) return;
        setPendientes(
          todas
            .filter((p) => p.metadata?.carpeta === carpeta && p.uploadUrl)
            .map((p) => ({ nombre: p.metadata.filename ?? '', tamano: p.size ?? 0 })),
        );
      })
      .catch(() => undefined);
    return () => {
      vigente = false;
    };
  }, [carpeta, enCurso]);
  return pendientes;
}
