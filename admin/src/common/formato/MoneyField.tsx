import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue, useRecordContext } from 'react-admin';
import { formatMoney } from './money';

/** An amount in céntimos, in the currency of the record's `moneda` (EUR when it has none). */
export const MoneyField = (props: FieldProps) => {
  const record = useRecordContext(props);
  const value = useFieldValue(props);
  if (typeof value !== 'number') return null;
  return (
    <Typography component="span" variant="body2" className={props.className} sx={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value, typeof record?.moneda === 'string' ? record.moneda : undefined)}
    </Typography>
  );
};
