import { useState, type ReactElement } from 'react';
import { Confirm } from 'react-admin';
import { BotonAccion } from './BotonAccion';

interface Props {
  /** Translation keys: the button, and the dialog's title and question. */
  label: string;
  titulo: string;
  pregunta: string;
  /** Values for the title's and the question's placeholders. */
  valores?: Record<string, unknown>;
  icon: ReactElement;
  /** What the button does once confirmed; the dialog stays open, busy, until it is done. */
  onConfirm: () => Promise<unknown>;
  pendiente?: boolean;
  color?: 'primary' | 'warning';
}

/**
 * A button for what cannot be undone (emitir, anular, reembolsar): it asks first, saying so, in
 * react-admin's Confirm, which the theme opens with the focus on «Cancelar» (temas.ts).
 */
export const BotonConfirmado = ({ label, titulo, pregunta, valores, icon, onConfirm, pendiente, color = 'primary' }: Props) => {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <BotonAccion label={label} icon={icon} onClick={() => setAbierto(true)} disabled={pendiente} />
      <Confirm
        isOpen={abierto}
        loading={pendiente}
        title={titulo}
        content={pregunta}
        translateOptions={valores}
        confirmColor={color}
        onConfirm={async () => {
          await onConfirm();
          setAbierto(false);
        }}
        onClose={() => setAbierto(false)}
      />
    </>
  );
};
