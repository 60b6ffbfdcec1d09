// What a save that lost the race shows (docs/arquitectura.md §17): who saved the record meanwhile and
// when, each field that differs side by side (label, theirs, yours) with a choice per field, and
// «Quedarme con lo suyo» / «Quedarme con lo mío». Nothing typed is lost: closing leaves the form
// as it was, and saving again builds on the version just read.
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useDataProvider, useRecordContext, useResourceContext, useSaveContext, useTranslate } from 'react-admin';
import { rebase } from '../../providers/dataProvider';
import { recurso } from '../../entidades';
import { formatDiaHora } from '../formato/dates';
import { useConflicto } from './EditConVersion';
import { etiquetaDe, quienDe, valorLegible } from './valorLegible';

type Registro = Record<string, unknown>;
type Eleccion = 'suyo' | 'mio';

const vacioANull = (v: unknown) => (v === '' || v === undefined ? null : v);
const igual = (a: unknown, b: unknown) => JSON.stringify(vacioANull(a)) === JSON.stringify(vacioANull(b));

export const DialogoConflicto = () => {
  const { actual, close } = useConflicto();
  const resource = useResourceContext()!;
  const leido = useRecordContext();
  const form = useFormContext();
  const { save } = useSaveContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const estrecha = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [eleccion, setEleccion] = useState<Record<string, Eleccion>>({});

  const mios: Registro = actual ? form.getValues() : {};
  const campos = actual
    ? Object.entries(recurso(resource).fields)
        .filter(([campo, f]) => !f.readOnly && !f.writeOnly && campo in mios && !igual(mios[campo], actual[campo]))
        .map(([campo]) => campo)
    : [];

  // What the administrator did not touch takes their value; what was typed keeps its own.
  useEffect(() => {
    if (!actual) return;
    setEleccion(Object.fromEntries(campos.map((c) => [c, igual(mios[c], leido?.[c]) ? 'suyo' : 'mio'])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actual]);

  const { data: ultima } = useQuery({
    queryKey: [resource, 'historial', leido?.id, actual?.version, 'ultima'],
    queryFn: async () => (await dataProvider.historial(resource, leido!.id, 1))[0] ?? null,
    enabled: Boolean(actual && leido),
  });

  if (!actual) return null;

  const saveEleccion = (tomar: (campo: string) => Eleccion) => {
    const valores: Registro = { ...mios };
    for (const campo of campos) valores[campo] = tomar(campo) === 'suyo' ? actual[campo] : mios[campo];
    rebase(resource, leido!.id, actual);
    form.reset(valores, { keepDefaultValues: true });
    close();
    return save?.(valores);
  };

  const quien = quienDe(ultima, translate);

  return (
    <Dialog open onClose={close} fullScreen={estrecha} maxWidth="md" fullWidth aria-labelledby="conflicto-titulo">
      <DialogTitle id="conflicto-titulo">{translate('aula.historial.conflicto.titulo')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {ultima
            ? translate('aula.historial.conflicto.quienCuando', { quien, cuando: formatDiaHora(ultima.fecha) })
            : translate('aula.historial.conflicto.otro')}
        </Typography>
        {campos.length === 0 && <Typography>{translate('aula.historial.conflicto.sinDiferencias')}</Typography>}
        <Stack spacing={2}>
          {campos.map((campo) => (
            <Stack key={campo} spacing={0.5} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {etiquetaDe(resource, campo, translate)}
              </Typography>
              <RadioGroup
                aria-label={etiquetaDe(resource, campo, translate)}
                value={eleccion[campo] ?? 'mio'}
                onChange={(e) => setEleccion((prev) => ({ ...prev, [campo]: e.target.value as Eleccion }))}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
              >
                <FormControlLabel
                  value="suyo"
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', m: 0, minWidth: 0 }}
                  label={<Valor titulo={translate('aula.historial.conflicto.suyo')} texto={valorLegible(resource, campo, actual[campo], translate)} />}
                />
                <FormControlLabel
                  value="mio"
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', m: 0, minWidth: 0 }}
                  label={<Valor titulo={translate('aula.historial.conflicto.mio')} texto={valorLegible(resource, campo, mios[campo], translate)} />}
                />
              </RadioGroup>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button onClick={() => saveEleccion(() => 'suyo')}>{translate('aula.historial.conflicto.quedarmeSuyo')}</Button>
        <Button onClick={() => saveEleccion(() => 'mio')}>{translate('aula.historial.conflicto.quedarmeMio')}</Button>
        <Button variant="contained" onClick={() => saveEleccion((c) => eleccion[c] ?? 'mio')}>
          {translate('aula.historial.conflicto.guardarEleccion')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const Valor = ({ titulo, texto }: { titulo: string; texto: string }) => (
  <span style={{ display: 'block', paddingTop: 9, overflowWrap: 'anywhere' }}>
    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
      {titulo}
    </Typography>
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {texto}
    </Typography>
  </span>
);
