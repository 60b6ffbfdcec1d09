// The period every block reports on: one-click presets, or any desde/hasta.
import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
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
        <TextField
          type="date"
          size="small"
          label={translate('aula.informes.periodo.desde')}
          value={rango.desde}
          // A bound moved past the other one drags it along: the range never turns inside out.
          onChange={(e) => e.target.value && onChange({ desde: e.target.value, hasta: e.target.value > rango.hasta ? e.target.value : rango.hasta })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('aula.informes.periodo.hasta')}
          value={rango.hasta}
          onChange={(e) => e.target.value && onChange({ desde: e.target.value < rango.desde ? e.target.value : rango.desde, hasta: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </Box>
  );
}
