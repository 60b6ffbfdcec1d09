// The /login route inside the admin's router (after «Salir», or the back button): the same light
// screen, going where react-admin's logout state says the administrator was going.
import { useLocation, useNavigate } from 'react-router-dom';
import { type Destino, destinoTrasLogin } from './destino';
import { Login } from './Login';

const LoginPage = () => {
  const navigate = useNavigate();
  const destino = destinoTrasLogin(useLocation().state as Destino | null);
  return <Login destino={destino} alEntrar={(ruta) => navigate(ruta)} />;
};

export default LoginPage;
