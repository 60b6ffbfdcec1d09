// One statement: its account and period, and its movements as the contable reviews them: date,
// amount (a cargo in red, with its sign), concepts, and for each abono Aula's proposal (the pago
// and why) with a select to keep it, pick another pending transfer or leave it. «Confirmar»
// sends the abonos that have a pago (POST /extractos/{id}/confirmar) and the page reads again.
import { Box, Button as MuiButton, Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { claveDeValor } from '../common/formato/choices';
import { DateTimeField, DiaField } from '../common/formato/DateTimeField';
import { formatDia } from '../common/formato/dates';
import { EstadoChip } from '../common/formato/EstadoChip';
import { MoneyField } from '../common/formato/MoneyField';
import { formatMoney } from '../common/formato/money';
import { fetchJson, motivo } from '../providers/http';

type Row = Record<string, any>;

const colores = { confirmado: 'success', propuesto: 'warning' } as const;
const coloresMovimiento = { aplicado: 'success', propuesto: 'info', sinPareja: 'warning' } as const;

const filtro = (f: unknown) => encodeURIComponent(JSON.stringify(f));
const nombrePago = (p: Row) => `${p.referencia || `#${p.id}`} · ${formatMoney(Number(p.importe), p.moneda)}${p.usuario ? ` · ${[p.usuario.nombre, p.usuario.apellidos].filter(Boolean).join(' ')}` : ''}`;

/** The movements and the pending transfers they may pay, read for this extracto. */
function useConciliacion(extractoId: number | undefined) {
  const [movimientos, setMovimientos] = useState<Row[] | null>(null);
  const [pendientes, setPendientes] = useState<Row[]>([]);
  const read = useCallback(async () => {
    if (extractoId == null) return;
    const include = [{ relation: 'pagoPropuesto', scope: { include: ['usuario'] } }, { relation: 'pago', scope: { include: ['usuario'] } }];
    const [m, p] = await Promise.all([
      fetchJson<Row[]>(`/movimientos?filter=${filtro({ where: { extractoId }, order: ['linea ASC'], limit: 1000, include })}`),
      fetchJson<Row[]>(`/pagos?filter=${filtro({ where: { estado: 'pendiente', metodo: 'transferencia' }, order: ['id DESC'], limit: 500, include: ['usuario'] })}`),
    ]);
    setMovimientos(m.json);
    setPendientes(p.json);
  }, [extractoId]);
  useEffect(() => {
    void read();
  }, [read]);
  return { movimientos, pendientes, read };
}

const Movimientos = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const estrecho = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { movimientos, pendientes, read } = useConciliacion(record?.id as number | undefined);
  // The pago chosen for each abono still open: the proposal until the contable changes it.
  const [eleccion, setEleccion] = useState<Record<number, number | ''>>({});
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    if (movimientos) setEleccion(Object.fromEntries(movimientos.filter((m) => m.estado === 'propuesto' || m.estado === 'sinPareja').map((m) => [m.id, m.pagoPropuestoId ?? ''])));
  }, [movimientos]);

  const abiertos = useMemo(() => (movimientos ?? []).filter((m) => m.estado === 'propuesto' || m.estado === 'sinPareja'), [movimientos]);
  const elegidos = abiertos.filter((m) => eleccion[m.id] !== '' && eleccion[m.id] != null);

  if (!record || movimientos === null) return null;

  const opcionesDe = (m: Row) => {
    // The proposal first, then every pending transfer of the same amount, then the rest.
    const propios = m.pagoPropuesto ? [m.pagoPropuesto] : [];
    const mismos = pendientes.filter((p) => Number(p.importe) === Number(m.importe) && p.id !== m.pagoPropuestoId);
    const otros = pendientes.filter((p) => Number(p.importe) !== Number(m.importe) && p.id !== m.pagoPropuestoId);
    return [...propios, ...mismos, ...otros];
  };

  const send = async () => {
    setEnviando(true);
    try {
      const { json } = await fetchJson<{ aplicados: unknown[]; saltados: unknown[] }>(`/extractos/${record.id}/confirmar`, {
        method: 'POST',
        body: { movimientos: elegidos.map((m) => ({ id: m.id, pagoId: eleccion[m.id] })) },
      });
      notify('aula.extractos.confirmado', { type: 'success', messageArgs: { aplicados: json.aplicados.length, saltados: json.saltados.length } });
      await read();
      refresh();
    } catch (error) {
      notify(motivo(error), { type: 'error', multiLine: true });
    } finally {
      setEnviando(false);
    }
  };

  const propuesta = (m: Row) => {
    const abierto = m.estado === 'propuesto' || m.estado === 'sinPareja';
    return (
      <Stack spacing={0.5}>
        {abierto ? (
          <MuiTextField
            select
            size="small"
            label={translate('aula.extractos.pago')}
            value={eleccion[m.id] ?? ''}
            onChange={(e) => setEleccion((prev) => ({ ...prev, [m.id]: e.target.value === '' ? '' : Number(e.target.value) }))}
            sx={{ minWidth: { xs: '100%', md: 260 }, maxWidth: '100%' }}
            inputProps={{ 'aria-label': translate('aula.extractos.pagoDeLinea', { linea: m.linea }) }}
          >
            <MenuItem value="">
              <em>{translate('aula.extractos.dejar')}</em>
            </MenuItem>
            {opcionesDe(m).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {nombrePago(p)}
              </MenuItem>
            ))}
          </MuiTextField>
        ) : m.pago ? (
          <Typography variant="body2">{nombrePago(m.pago)}</Typography>
        ) : null}
        {m.motivo && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {m.motivo}
          </Typography>
        )}
      </Stack>
    );
  };

  const importe = (m: Row) => (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', color: Number(m.importe) < 0 ? 'error.main' : 'success.main' }}>
      {Number(m.importe) > 0 ? '+' : ''}
      {formatMoney(Number(m.importe), m.moneda)}
    </Typography>
  );
  const estado = (m: Row) => <EstadoChipDe recurso="movimientos" valor={m.estado} />;

  return (
    <Box sx={{ width: '100%' }}>
      {estrecho ? (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('resources.movimientos.name', { smart_count: 2 })}>
          {movimientos.map((m) => (
            <Box component="li" key={m.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }} data-testid={`movimiento-${m.linea}`}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2">{formatDia(m.fechaValor)}</Typography>
                {importe(m)}
                {estado(m)}
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', my: 0.5 }}>
                {m.conceptos || m.referencia2 || m.referencia1 || '—'}
              </Typography>
              {propuesta(m)}
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label={translate('resources.movimientos.name', { smart_count: 2 })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.movimientos.fields.fechaValor')}</TableCell>
              <TableCell align="right">{translate('resources.movimientos.fields.importe')}</TableCell>
              <TableCell>{translate('resources.movimientos.fields.conceptos')}</TableCell>
              <TableCell>{translate('resources.movimientos.fields.estado')}</TableCell>
              <TableCell>{translate('aula.extractos.propuesta')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {movimientos.map((m) => (
              <TableRow key={m.id} data-testid={`movimiento-${m.linea}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDia(m.fechaValor)}</TableCell>
                <TableCell align="right">{importe(m)}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{m.conceptos || m.referencia2 || m.referencia1 || '—'}</TableCell>
                <TableCell>{estado(m)}</TableCell>
                <TableCell>{propuesta(m)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {abiertos.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          {/* MUI's own button: react-admin's drops its label on a phone, leaving a button without a name. */}
          <MuiButton variant="contained" disabled={enviando || elegidos.length === 0} onClick={() => void send()}>
            {translate('aula.extractos.confirmar')}
          </MuiButton>
          <Typography variant="body2" color="text.secondary">
            {translate('aula.extractos.seAplicaran', { smart_count: elegidos.length })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
};

/** A movement's state chip, outside a record context (the rows are not react-admin records). */
const EstadoChipDe = ({ recurso, valor }: { recurso: string; valor: string }) => {
  const translate = useTranslate();
  return <Chip size="small" label={translate(claveDeValor(recurso, 'estado', valor))} color={(coloresMovimiento as Record<string, 'success' | 'info' | 'warning'>)[valor] ?? 'default'} />;
};

const ExtractoShow = () => (
  <Show actions={<TopToolbar />}>
    <SimpleShowLayout>
      <TextField source="nombreArchivo" />
      <TextField source="cuenta" />
      <TextField source="titular" />
      <DiaField source="desde" />
      <DiaField source="hasta" />
      <MoneyField source="saldoInicial" />
      <MoneyField source="saldoFinal" />
      <EstadoChip recurso="extractos" source="estado" colores={colores} label="resources.extractos.fields.estado" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="confirmadoEn" />
      <Labeled label="aula.extractos.movimientos" fullWidth>
        <Movimientos />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default ExtractoShow;
