import type { ElementType, ReactElement } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** MUI's Button props, for a plain button, a link (`href`) or another component (`component={Link}`). */
type Props<C extends ElementType> = Omit<ButtonProps<C, { component?: C }>, 'children' | 'startIcon'> & {
  /** A translation key. */
  label: string;
  icon: ReactElement;
};

/**
 * An action on a record's page (emitir, reembolsar, rectificar, descargar) with its word on every
 * screen: react-admin's Button drops the label on a phone and leaves the icon alone, and an undo
 * arrow does not say «Reembolsar».
 */
export const BotonAccion = <C extends ElementType = 'button'>({ label, icon, ...props }: Props<C>) => {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={icon} {...props}>
      {translate(label, { _: label })}
    </Button>
  );
};
