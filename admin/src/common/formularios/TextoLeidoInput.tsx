import { TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';

/** What a parser makes of a text: the value to store, or the i18n key of why it cannot. */
export type Lectura = { value: unknown } | { error: string };

/**
 * Text that does not read as a value yet. Forms hold it (so the save is refused, with the
 * reason next to the field, and nothing typed is silently turned into something else).
 */
class Ilegible {
  constructor(
    readonly text: string,
    readonly error: string,
  ) {}
}

const legible: Validator = (value) => (value instanceof Ilegible ? value.error : undefined);

const asArray = (v: InputProps['validate']) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export interface TextoLeidoInputProps extends InputProps {
  /** The stored value as the administrator reads it. */
  toText: (value: unknown) => string;
  read: (text: string) => Lectura;
  /** In a list filter, unreadable text is no filter at all (rather than a request the API refuses). */
  filter?: boolean;
  endAdornment?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** An i18n key: the format the text is expected in. */
  placeholder?: string;
}

/**
 * A value typed as text the Spanish way and parsed here, never by the browser's number or date
 * fields (which follow the browser's language, or drop what they do not expect). The field
 * keeps exactly what is typed; the form gets the value as soon as the text reads as one, and
 * on leaving the field the text is written back in its canonical form.
 */
export const TextoLeidoInput = ({ toText, read, filter, endAdornment, inputMode = 'text', placeholder, validate, helperText, label, ...props }: TextoLeidoInputProps) => {
  const translate = useTranslate();
  const { id, field, fieldState, formState, isRequired } = useInput({ ...props, validate: [legible, ...asArray(validate)] });
  const [text, setText] = useState(() => (field.value instanceof Ilegible ? field.value.text : toText(field.value)));
  const emitted = useRef<unknown>(field.value);

  // A value set from outside (a reset, a record loaded, a filter cleared) replaces the text.
  useEffect(() => {
    if (field.value === emitted.current) return;
    emitted.current = field.value;
    setText(field.value instanceof Ilegible ? field.value.text : toText(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.value]);

  const onChange = (typed: string) => {
    setText(typed);
    const lectura = read(typed);
    const value = 'value' in lectura ? lectura.value : filter ? undefined : new Ilegible(typed, lectura.error);
    emitted.current = value;
    field.onChange(value);
  };
  const onBlur = () => {
    const lectura = read(text);
    if ('value' in lectura) setText(toText(lectura.value));
    field.onBlur();
  };
  // Validation errors as react-admin's own inputs show them (once the form is sent); text that
  // does not read is said as soon as the field is left, not mid-typing.
  const lectura = fieldState.isTouched ? read(text) : undefined;
  const error =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : lectura && 'error' in lectura ? lectura.error : undefined;

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      label={<FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      error={!!error}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      placeholder={placeholder && translate(placeholder)}
      className="ra-input"
      margin="dense"
      size="small"
      slotProps={{ htmlInput: { inputMode, autoComplete: 'off' }, input: endAdornment ? { endAdornment } : undefined }}
    />
  );
};
