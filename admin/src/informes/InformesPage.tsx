// «Informes»: the business's figures for a chosen period, one card per report the API declares
// (catalogo.ts), in its order, each with its chart or table and its CSV. Every figure is computed
// by the API (aggregate SQL); this page only shows them.
import { Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { Parametros } from './api';
import { Bloque } from './Bloque';
import catalogo, { type InformePublico } from './catalogo';
import { SelectorPeriodo } from './SelectorPeriodo';
import { rangoDe, type Rango } from './periodos';
import { vistas } from './vistas';

const agrupaciones = ['dia', 'semana', 'mes'] as const;
type Agrupacion = (typeof agrupaciones)[number];

/** Of the page's choices, those the report declares it takes. */
const paramsDe = (informe: InformePublico, elegidos: Parametros): Parametros =>
  Object.fromEntries(Object.entries(elegidos).filter(([nombre]) => (informe.parametros as readonly string[]).includes(nombre)));

export default function InformesPage() {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`aula.informes.${k}`, opts);
  const [rango, setRango] = useState<Rango>(() => rangoDe('dias30'));
  const [agrupacion, setAgrupacion] = useState<Agrupacion>('dia');
  const elegidos: Parametros = { desde: rango.desde, hasta: rango.hasta, agrupacion };
  const agrupan = catalogo.some((i) => i.parametros.includes('agrupacion'));

  return (
    <Box
      sx={{
        py: 2,
        px: { xs: 1, sm: 2 },
        display: 'grid',
        gap: 2,
        minWidth: 0,
        // Cards marked «mitad» go two abreast from md up; every other spans the row.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Title title={t('titulo')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', gridColumn: '1 / -1' }}>
        <SelectorPeriodo rango={rango} onChange={setRango} />
        {agrupan && (
          <TextField
            select
            size="small"
            label={t('agrupacion.titulo')}
            value={agrupacion}
            onChange={(e) => setAgrupacion(e.target.value as Agrupacion)}
            sx={{ width: 160 }}
          >
            {agrupaciones.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`agrupacion.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>

      {catalogo.map((informe) => {
        const Vista = vistas[informe.nombre];
        const params = paramsDe(informe, elegidos);
        return Vista ? <Vista key={informe.nombre} informe={informe} params={params} /> : <Bloque key={informe.nombre} informe={informe} params={params} />;
      })}
    </Box>
  );
}
