// How a cupón reads: its value as «20 %» or «15,00 €», its scope with the categoría or curso it
// names, and its uses against its limit («3 / 10»).
import { Typography } from '@mui/material';
import { type RaRecord, ReferenceField, useRecordContext, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import { formatMoney } from '../common/formato/money';

// label and sortBy are read by Datagrid and the show layouts from the element's props.
// `source` too: it names the column (its header, its sort, what a tablet leaves out).
interface Props {
  source?: string;
  label?: string;
  sortBy?: string;
}

const porcentaje = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 2 });

/** «20 %» for a porcentaje, «15,00 €» for an importe (céntimos, in the cupón's moneda). */
export const formatValorCupon = (cupon: Record<string, unknown>): string => {
  const valor = Number(cupon.valor);
  if (!Number.isFinite(valor)) return '';
  return cupon.tipo === 'porcentaje' ? porcentaje.format(valor / 100) : formatMoney(valor, typeof cupon.moneda === 'string' ? cupon.moneda : 'EUR');
};

export const ValorCupon = (_props: Props) => {
  const cupon = useRecordContext<RaRecord>();
  if (!cupon) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatValorCupon(cupon)}
    </Typography>
  );
};

/** «Todos los cursos», or the categoría or the curso it is limited to, by name. */
export const AmbitoCupon = ({ link = false }: Props & { link?: false | 'show' }) => {
  const cupon = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!cupon) return null;
  if (cupon.ambito === 'categoria' && cupon.categoriaId != null) return <ReferenceField source="categoriaId" reference="categorias" link={link} />;
  if (cupon.ambito === 'curso' && cupon.cursoId != null) return <ReferenceField source="cursoId" reference="cursos" link={link} />;
  return (
    <Typography component="span" variant="body2">
      {translate(claveDeValor('cupones', 'ambito', cupon.ambito ?? 'todos'))}
    </Typography>
  );
};

/** «3 / 10»: the uses so far against the limit, or «3 / sin límite». */
export const UsosCupon = (_props: Props) => {
  const cupon = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!cupon) return null;
  const limite = cupon.maxUsos == null ? translate('aula.cupones.sinLimite') : new Intl.NumberFormat('es-ES').format(Number(cupon.maxUsos));
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {new Intl.NumberFormat('es-ES').format(Number(cupon.usos ?? 0))} / {limite}
    </Typography>
  );
};
