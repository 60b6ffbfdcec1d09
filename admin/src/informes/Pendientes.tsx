// Money stuck today, each entry linking to the record to act on.
import { Box, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { euros, fechaHora } from './formato';
import type { FacturaSinPago, InformePendientes, Lista, PagoPendiente } from './tipos';

interface Fila {
  id: number;
  enlace: string;
  principal: string;
  secundario: string;
}

function Seccion({ titulo, lista, filas }: { titulo: string; lista: Lista<unknown>; filas: Fila[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {titulo}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {lista.total === 0
          ? translate('aula.informes.pendientes.ninguno')
          : translate('aula.informes.pendientes.resumen', { total: lista.total, importe: euros(lista.importe) })}
        {lista.total > filas.length && ` · ${translate('aula.informes.pendientes.mostrando', { n: filas.length })}`}
      </Typography>
      <List dense sx={{ maxHeight: 360, overflowY: 'auto' }}>
        {filas.map((f) => (
          <ListItem key={f.id} disableGutters>
            <ListItemText primary={<Link to={f.enlace}>{f.principal}</Link>} secondary={f.secundario} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

interface Props {
  datos: InformePendientes;
  dias: number;
  onDias: (n: number) => void;
}

export function Pendientes({ datos, dias, onDias }: Props) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const pago = (p: PagoPendiente): Fila => ({
    id: p.id,
    enlace: createPath({ resource: 'pagos', id: p.id, type: 'show' }),
    principal: `${euros(p.importe)} · ${p.usuario}`,
    secundario: [fechaHora(p.fecha), p.curso].filter(Boolean).join(' · '),
  });
  const factura = (f: FacturaSinPago): Fila => ({
    id: f.id,
    enlace: createPath({ resource: 'facturas', id: f.id, type: 'show' }),
    principal: `${f.serie}${f.numero === null ? '' : `-${f.numero}`} · ${euros(f.total)}`,
    secundario: [fechaHora(f.fecha), f.cliente].filter(Boolean).join(' · '),
  });
  return (
    <>
      <TextField
        type="number"
        size="small"
        label={translate('aula.informes.pendientes.diasPendiente')}
        value={dias}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (Number.isInteger(n) && n >= 0 && n <= 3650) onDias(n);
        }}
        slotProps={{ htmlInput: { min: 0, max: 3650 } }}
        sx={{ mb: 2 }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Seccion
          titulo={translate('aula.informes.pendientes.pagosPendientes', { dias: datos.dias })}
          lista={datos.pagosPendientes}
          filas={datos.pagosPendientes.filas.map(pago)}
        />
        <Seccion titulo={translate('aula.informes.pendientes.pagosSinFactura')} lista={datos.pagosSinFactura} filas={datos.pagosSinFactura.filas.map(pago)} />
        <Seccion titulo={translate('aula.informes.pendientes.facturasSinPago')} lista={datos.facturasSinPago} filas={datos.facturasSinPago.filas.map(factura)} />
      </Box>
    </>
  );
}
