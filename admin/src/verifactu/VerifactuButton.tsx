import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Link, useBasename } from 'react-admin';
import { BotonAccion } from '../common/acciones/BotonAccion';

/** From the invoices to Facturación › VeriFactu. */
export const VerifactuButton = () => {
  const basename = useBasename();
  return <BotonAccion label="aula.verifactu.abrir" icon={<FactCheckIcon />} component={Link} to={`${basename}/verifactu`} />;
};
