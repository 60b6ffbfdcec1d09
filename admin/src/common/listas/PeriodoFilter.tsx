// «Periodo» on a list with dates: the Informes presets (hoy, 7 días, este mes, mes pasado…) in
// one click. It owns no filter of its own: it writes the Desde/Hasta pair (`<campo>_gte`,
// `<campo>_lte`), which then show the days chosen and can be adjusted by hand.
import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { instantesDe, presets, rangoDe, type Preset } from '../../informes/periodos';

interface Props {
  /** The date field filtered; also the key react-admin's filter form knows this input by. */
  source: string;
  alwaysOn?: boolean;
}

/** The preset whose instants are exactly the filter's, if any. */
const presetDe = (gte: unknown, lte: unknown): Preset | undefined =>
  presets.find((p) => {
    const { desde, hasta } = instantesDe(rangoDe(p));
    return desde === gte && hasta === lte;
  });

export const PeriodoFilter = ({ source }: Props) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [gte, lte] = [`${source}_gte`, `${source}_lte`];
  const elegido = presetDe(filterValues[gte], filterValues[lte]) ?? '';

  const choose = (preset: Preset | '') => {
    const { [gte]: _desde, [lte]: _hasta, ...otros } = filterValues;
    if (preset === '') return setFilters(otros, displayedFilters);
    const { desde, hasta } = instantesDe(rangoDe(preset));
    setFilters({ ...otros, [gte]: desde, [lte]: hasta }, displayedFilters);
  };

  return (
    <TextField
      select
      label={translate('aula.informes.periodo.titulo')}
      value={elegido}
      onChange={(e) => choose(e.target.value as Preset | '')}
      size="small"
      margin="dense"
      sx={{ minWidth: '10em' }}
    >
      <MenuItem value="">{translate('aula.periodo.cualquiera')}</MenuItem>
      {presets.map((p) => (
        <MenuItem key={p} value={p}>
          {translate(`aula.informes.periodo.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
