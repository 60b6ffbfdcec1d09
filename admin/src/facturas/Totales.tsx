import { Labeled, SelectField } from 'react-admin';
import { Stack } from '@mui/material';
import { tipoIvaChoices } from './tipoIva';
import { MoneyField } from '../common/formato/MoneyField';

/** Base, IVA and total as the server computed them: shown, never edited. */
export const Totales = () => (
  <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
    <Labeled source="base">
      <MoneyField source="base" />
    </Labeled>
    <Labeled source="tipoIva">
      <SelectField source="tipoIva" choices={tipoIvaChoices} translateChoice={false} />
    </Labeled>
    <Labeled source="cuotaIva">
      <MoneyField source="cuotaIva" />
    </Labeled>
    <Labeled source="total">
      <MoneyField source="total" />
    </Labeled>
  </Stack>
);
