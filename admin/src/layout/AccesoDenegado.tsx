// What a role reaches when it opens by address a page its declaration forbids (a bookmark, a
// link from a colleague with another role): it names the account's role, so the person knows
// the page exists and whom to ask, and offers the way back.
import { Title, usePermissions, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import { PaginaDeAviso } from './PaginaDeAviso';

const AccesoDenegado = () => {
  const translate = useTranslate();
  const { permissions: rol } = usePermissions<string | undefined>();
  const titulo = translate('ra.page.access_denied');
  return (
    <PaginaDeAviso
      titulo={titulo}
      enLaBarra={<Title title={titulo} />}
      texto={
        rol ? translate('aula.accesoDenegado.conRol', { rol: translate(claveDeValor('logins', 'rol', rol)) }) : translate('ra.message.access_denied')
      }
      volver={translate('aula.accesoDenegado.volver')}
    />
  );
};

export default AccesoDenegado;
