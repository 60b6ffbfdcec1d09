// The reports the API declares (api/src/informes/definiciones/), embedded at build time: their
// names, titles, parameters and labelled columns. The page shows every one of them.
import informes from 'virtual:aula-informes';

export type { ColumnaInforme, InformePublico, NombreParametro } from '../../../contrato/catalogoInformes';

export default informes;
