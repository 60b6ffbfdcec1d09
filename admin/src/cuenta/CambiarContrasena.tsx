// Mi cuenta's «Contraseña»: the account changes its own; the API ends its other sessions.
import { useNotify } from 'react-admin';
import { FormularioContrasena } from './FormularioContrasena';
import { Seccion } from './Seccion';

export const CambiarContrasena = ({ alCambiar }: { alCambiar?: () => void }) => {
  const notify = useNotify();
  return (
    <Seccion id="cuenta-contrasena" titulo="aula.cuenta.contrasena.titulo">
      <FormularioContrasena
        alCambiar={() => {
          notify('aula.cuenta.contrasena.cambiada', { type: 'success' });
          alCambiar?.();
        }}
      />
    </Seccion>
  );
};
