// An Edit whose save knows what it overwrites (docs/arquitectura.md §17): the dataProvider sends the
// version read in If-Match, and when the API answers 412 the form stays as typed and
// DialogoConflicto, inside it, shows what changed meanwhile.
import { createContext, useContext, useMemo, useState } from 'react';
import { Edit, type EditProps, useNotify } from 'react-admin';

type Registro = Record<string, unknown>;

interface Conflicto {
  /** The record as the API says it is now (the 412's `actual`), or null when nothing conflicts. */
  actual: Registro | null;
  close(): void;
}

const ConflictoContext = createContext<Conflicto>({ actual: null, close: () => {} });
export const useConflicto = () => useContext(ConflictoContext);

export const EditConVersion = ({ children, mutationOptions, ...props }: EditProps) => {
  const [actual, setActual] = useState<Registro | null>(null);
  const notify = useNotify();
  const valor = useMemo(() => ({ actual, close: () => setActual(null) }), [actual]);
  return (
    <ConflictoContext.Provider value={valor}>
      <Edit
        mutationMode="pessimistic"
        {...props}
        mutationOptions={{
          ...mutationOptions,
          onError: (error: any) => {
            const suyo = error?.status === 412 ? error.body?.error?.actual : undefined;
            if (suyo) return setActual(suyo);
            notify(typeof error === 'string' ? error : error?.message || 'ra.notification.http_error', { type: 'error' });
          },
        }}
      >
        {children}
      </Edit>
    </ConflictoContext.Provider>
  );
};
