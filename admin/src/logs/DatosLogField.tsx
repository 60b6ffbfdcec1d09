import { Typography } from '@mui/material';
import { type FieldProps, type TranslateFunction, useFieldValue, useTranslate } from 'react-admin';

/**
 * An entry's datos as a person reads them: the action that wrote it by its Spanish name (the one
 * the record's history uses), then what else the entry keeps as «clave: valor». The server writes
 * JSON; anything else is shown as it came.
 */
export function textoDeDatos(datos: unknown, translate: TranslateFunction): string {
  let valor = datos;
  if (typeof datos === 'string') {
    try {
      valor = JSON.parse(datos);
    } catch {
      return datos;
    }
  }
  if (!valor || typeof valor !== 'object' || Array.isArray(valor)) return typeof datos === 'string' ? datos : JSON.stringify(datos);
  const { accion, ...resto } = valor as Record<string, unknown>;
  const partes = Object.entries(resto).map(([clave, v]) => `${clave}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  if (typeof accion === 'string') partes.unshift(translate(`aula.historial.accion.${accion}`, { _: accion }));
  return partes.join(' · ');
}

/** The datos column and field: wrapped anywhere, so a long value never pushes the list off the screen. */
export const DatosLogField = (props: FieldProps) => {
  const datos = useFieldValue(props);
  const translate = useTranslate();
  if (datos == null || datos === '') return null;
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {textoDeDatos(datos, translate)}
    </Typography>
  );
};
