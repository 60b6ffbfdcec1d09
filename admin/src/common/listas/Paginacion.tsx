import type { LabelDisplayedRowsArgs } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import type { Recuento } from '../../providers/dataProvider';
import { useRespuestaPendiente } from './Buscando';

const miles = new Intl.NumberFormat('es-ES');

/** An estimate shown to three significant figures: «unos 571.234» claims a precision it has not. */
const redondeo = (n: number) => {
  if (n < 1000) return n;
  const paso = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / paso) * paso;
};

/**
 * react-admin's pagination, labelled for an approximate total (dataProvider `conTotal`): «1-25
 * de más de 10.000» when the API stopped counting at its cap, «1-25 de unos 571.000» for the
 * planner's estimate. Past that figure (paging on), the label never says fewer than are shown.
 * An exact total looks exactly as react-admin draws it. While a new search is on its way the
 * total is the old one's, dimmed with the old rows (common/listas/Buscando.tsx).
 */
export const Paginacion = (props: PaginationProps) => {
  const { meta } = useListContext();
  const translate = useTranslate();
  const pendiente = useRespuestaPendiente();
  const recuento = (meta as { recuento?: Recuento } | undefined)?.recuento;
  const atenuada = pendiente ? { sx: { opacity: 0.4 } } : {};
  if (!recuento?.approximate) return <Pagination {...props} {...atenuada} />;
  const masDe = recuento.approximate === 'lowerBound';
  const etiqueta = ({ from, to }: LabelDisplayedRowsArgs) =>
    translate(masDe ? 'aula.paginacion.masDe' : 'aula.paginacion.unos', {
      offsetBegin: miles.format(from),
      offsetEnd: miles.format(to),
      total: miles.format(Math.max(masDe ? recuento.count : redondeo(recuento.count), to)),
    });
  // `labelDisplayedRows` reaches MUI's TablePagination through react-admin's rest props.
  return <Pagination {...props} {...atenuada} {...({ labelDisplayedRows: etiqueta } as object)} />;
};
