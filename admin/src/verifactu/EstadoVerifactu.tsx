import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { type Identifier, type RaRecord, useGetList, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { ChipAeat, type Tono } from './ChipAeat';
import { estadoDeFactura, remisionActiva, useEstadoVerifactu, type EstadoFacturaAeat } from './estado';

/** What the chip and the record views read of a record's row: never its XML. */
export const CAMPOS_REMISION = ['id', 'registroId', 'facturaId', 'estado', 'vigente', 'subsanacion', 'rechazoPrevio', 'sinRegistroPrevio', 'corrigeId', 'csv', 'codigoError', 'descripcionError', 'duplicado', 'intentos', 'ultimoIntento'];

const tonos: Record<EstadoFacturaAeat, Tono> = { pendiente: 'neutro', remitida: 'ok', conErrores: 'aviso', rechazada: 'error', noRemitida: 'neutro' };

const PorFactura = createContext<Map<Identifier, RaRecord[]> | undefined>(undefined);

/** One request for the rows of every invoice on the list's page, instead of one per row. */
export const RemisionesDeLaLista = ({ children }: { children: ReactNode }) => {
  const { data = [] } = useListContext<RaRecord>();
  const ids = data.filter((f) => f.estado !== 'borrador').map((f) => f.id);
  const { data: remisiones = [] } = useGetList(
    'remisiones',
    { filter: { facturaId: ids }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' }, meta: { fields: CAMPOS_REMISION } },
    { enabled: ids.length > 0 },
  );
  const mapa = useMemo(() => {
    const m = new Map<Identifier, RaRecord[]>();
    for (const r of remisiones) m.set(r.facturaId, [...(m.get(r.facturaId) ?? []), r]);
    return m;
  }, [remisiones]);
  return <PorFactura.Provider value={mapa}>{children}</PorFactura.Provider>;
};

/** The invoice's state at the AEAT as a chip: pending, sent, accepted with errors, rejected. */
export const EstadoVerifactu = (_props: { label?: string }) => {
  const factura = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const mapa = useContext(PorFactura);
  const { data: estado } = useEstadoVerifactu();
  const { data: propias = [] } = useGetList(
    'remisiones',
    { filter: { facturaId: factura?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, meta: { fields: CAMPOS_REMISION } },
    { enabled: !mapa && Boolean(factura) && factura?.estado !== 'borrador' },
  );
  if (!factura || factura.estado === 'borrador' || !estado) return null;
  const e = estadoDeFactura(mapa ? (mapa.get(factura.id) ?? []) : propias, remisionActiva(estado));
  if (!e) return null;
  return <ChipAeat etiqueta={translate(`aula.verifactu.estadoFactura.${e}`)} tono={tonos[e]} contorno={e === 'noRemitida'} />;
};
