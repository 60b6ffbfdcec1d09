// A cupón's inputs that depend on each other: its value as a percentage or as money (by `tipo`),
// the categoría or the curso its scope names (shown only when it names one), and its last
// instant, where a day without a time means the whole of that day.
import { InputAdornment } from '@mui/material';
import { type InputProps, required, SelectInput, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { choicesDe } from '../common/formato/choices';
import { finDelDia, formatDiaHora, parseFecha } from '../common/formato/dates';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { TextoLeidoInput, type Lectura } from '../common/formularios/TextoLeidoInput';

/** «20» or «20 %»: a whole percentage from 1 to 100. */
const readPorcentaje = (text: string): Lectura => {
  const t = text.replace(/%/g, '').trim();
  if (t === '') return { value: null };
  if (!/^\d{1,3}$/.test(t) || Number(t) < 1 || Number(t) > 100) return { error: 'aula.cupones.porcentajeInvalido' };
  return { value: Number(t) };
};

const textoPorcentaje = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** What the cupón takes off: a percentage (1–100) for `porcentaje`, an amount in céntimos for `importe`. */
export const ValorInput = ({ validate, ...props }: Omit<InputProps, 'source'> & { source?: string; validate?: Validator[] }) => {
  const tipo = useWatch({ name: 'tipo' }) as string | undefined;
  const source = props.source ?? 'valor';
  if (tipo === 'porcentaje') {
    return (
      <TextoLeidoInput
        {...props}
        // A new key: the text typed as money is not read again as a percentage.
        key="porcentaje"
        source={source}
        toText={textoPorcentaje}
        read={readPorcentaje}
        inputMode="numeric"
        endAdornment={<InputAdornment position="end">%</InputAdornment>}
        helperText="aula.cupones.valorPorcentaje"
        validate={required()}
      />
    );
  }
  return <MoneyInput {...props} key="importe" source={source} helperText="aula.cupones.valorImporte" validate={[required(), ...(validate ?? [])]} />;
};

/** The scope, and under it the categoría or the curso it names, only when it names one. */
export const AmbitoInputs = ({ fullWidth }: { fullWidth?: boolean }) => {
  const ambito = (useWatch({ name: 'ambito' }) as string | undefined) ?? 'todos';
  return (
    <>
      <SelectInput source="ambito" choices={choicesDe('cupones', 'ambito')} validate={required()} fullWidth={fullWidth} />
      {ambito === 'categoria' && <ReferenceAutocomplete source="categoriaId" reference="categorias" validate={required()} fullWidth={fullWidth} />}
      {ambito === 'curso' && <ReferenceAutocomplete source="cursoId" reference="cursos" validate={required()} fullWidth={fullWidth} />}
    </>
  );
};

/** «31/12/2026» is valid all that day (its last instant); «31/12/2026 14:00», until that time. */
const readHasta = (text: string): Lectura => {
  const conHora = parseFecha(text, { hora: true });
  if ('error' in conHora) return { error: `aula.validacion.fecha.${conHora.error}` };
  if (!conHora.fecha) return { value: null };
  const soloDia = !('error' in parseFecha(text, { hora: false }));
  return { value: (soloDia ? finDelDia(conHora.fecha) : conHora.fecha).toISOString() };
};

/** Until when the cupón is valid, typed dd/mm/aaaa or dd/mm/aaaa hh:mm; empty, for ever. */
export const HastaCuponInput = (props: InputProps) => (
  <TextoLeidoInput toText={formatDiaHora} read={readHasta} placeholder="aula.formato.diaHora" inputMode="numeric" helperText="aula.cupones.hastaAyuda" {...props} />
);
