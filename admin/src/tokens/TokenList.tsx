// The API tokens: name, role, how each starts, its last use and whether it still works; «Revocar»
// on its page. Reached from the accounts page, and back to it.
import PeopleIcon from '@mui/icons-material/People';
import { Typography } from '@mui/material';
import { Datagrid, Link, List, SelectField, SelectInput, SimpleList, TextField, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { formatDiaHora } from '../common/formato/dates';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';

const filters = [<BuscarInput source="q" alwaysOn key="q" />, <SelectInput source="rol" choices={choicesDe('tokens', 'rol')} key="rol" />];

/** Whether it still works: «Vigente», or when it was revoked (revoking is on its page). */
const Vigencia = (_props: { label?: string }) => {
  const token = useRecordContext();
  const translate = useTranslate();
  if (!token) return null;
  return <span>{token.revocadoEn ? formatDiaHora(String(token.revocadoEn)) : translate('aula.tokens.vigente')}</span>;
};

const TokenList = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <List
      pagination={<Paginacion />}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <AccionesLista>
          <BotonAccion label="aula.tokens.cuentas" icon={<PeopleIcon />} component={Link} to={createPath({ resource: 'logins', type: 'list' })} />
        </AccionesLista>
      }
    >
      <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
        {translate('aula.tokens.ayuda')}
      </Typography>
      <ResponsiveList
        omitOnTablet={['prefijo', 'caduca']}
        small={<SimpleList primaryText={(r) => r.nombre} secondaryText={(r) => `${r.prefijo}… · ${translate(claveDeValor('tokens', 'rol', r.rol))}`} tertiaryText={(r) => (r.revocadoEn ? translate('resources.tokens.fields.revocadoEn') : translate('aula.tokens.vigente'))} linkType="edit" />}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="nombre" />
          <SelectField source="rol" choices={choicesDe('tokens', 'rol')} />
          <TextField source="prefijo" />
          <DateTimeField source="ultimoUso" />
          <DateTimeField source="caduca" />
          <Vigencia label="resources.tokens.fields.revocadoEn" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default TokenList;
