import { InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { NumberInput, type NumberInputProps } from 'react-admin';
import { centimosToUnits, unitsToCentimos } from './money';

/** Edits an amount in units with two decimals and stores it as integer céntimos. */
export const MoneyInput = (props: NumberInputProps) => {
  const moneda = useWatch({ name: 'moneda' }) as string | undefined;
  return (
    <NumberInput
      step={0.01}
      format={centimosToUnits}
      parse={unitsToCentimos}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">{moneda || 'EUR'}</InputAdornment> } }}
      {...props}
    />
  );
};
