// A labelled outlined field of the light login screen (login.css), as MUI draws one: the label
// sits in the border once the field has focus or a value.
import { type HTMLAttributes, useId } from 'react';

export interface CampoProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** What is wrong with it (the password policy's reason): under the field, as MUI's helper text. */
  error?: string;
}

export const Campo = ({ label, value, onChange, error, ...props }: CampoProps) => {
  const id = useId();
  return (
    <>
      <div className={['campo', value ? 'campo-lleno' : '', error ? 'campo-error' : ''].filter(Boolean).join(' ')}>
        <label htmlFor={id}>{label}</label>
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
        {/* The gap in the border the floating label sits in, as wide as the label. */}
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={`${id}-error`} className="campo-ayuda-error">
          {error}
        </p>
      )}
    </>
  );
};

/** The six digits of an authenticator app: the phone's keypad, and the code it may offer to fill in. */
export const CampoCodigo = ({ label, value, onChange }: Pick<CampoProps, 'label' | 'value' | 'onChange'>) => (
  <Campo
    label={label}
    value={value}
    onChange={(v) => onChange(v.replace(/\D/g, ''))}
    autoComplete="one-time-code"
    inputMode="numeric"
    maxLength={6}
    autoFocus
  />
);
