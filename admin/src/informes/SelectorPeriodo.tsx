// The period every block reports on: one-click presets, or any desde/hasta.
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CampoDia } from './CampoDia';
import { presetDe, presets, rangoDe, type Rango } from './periodos';

interface Props {
  rango: Rango;
  onChange: (r: Rango) => void;
}

export function SelectorPeriodo({ rango, onChange }: Props) {
  const translate = useTranslate();
  const elegido = presetDe(rango) ?? null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={elegido}
        onChange={(_, p) => p && onChange(rangoDe(p))}
        aria-label={translate('aula.informes.periodo.titulo')}
        sx={{ flexWrap: 'wrap' }}
      >
        {presets.map((p) => (
          <ToggleButton key={p} value={p}>
            {translate(`aula.informes.periodo.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {/* A bound moved past the other one drags it along: the range never turns inside out. */}
        <CampoDia
          label={translate('aula.informes.periodo.desde')}
          dia={rango.desde}
          onChange={(d) => onChange({ desde: d, hasta: d > rango.hasta ? d : rango.hasta })}
        />
        <CampoDia
          label={translate('aula.informes.periodo.hasta')}
          dia={rango.hasta}
          onChange={(d) => onChange({ desde: d < rango.desde ? d : rango.desde, hasta: d })}
        />
      </Box>
    </Box>
  );
}
