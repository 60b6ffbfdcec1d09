// What the app shell needs of each section before its pages load: the menu icon, and the
// recordRepresentation other sections use to name a reference (a pago's usuario). Kept apart
// from the pages so App.tsx can import this eagerly and each section's pages lazily.
import { createElement } from 'react';
import type { RaRecord } from 'react-admin';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CategoryIcon from '@mui/icons-material/Category';
import HistoryIcon from '@mui/icons-material/History';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SchoolIcon from '@mui/icons-material/School';
import { NumeroFactura } from '../facturas/NumeroFactura';
import { nombreCompleto } from '../usuarios/nombreCompleto';

export const definiciones = {
  clases: { icon: OndemandVideoIcon, recordRepresentation: 'titulo' },
  cursos: { icon: SchoolIcon, recordRepresentation: 'titulo' },
  categorias: { icon: CategoryIcon, recordRepresentation: 'nombre' },
  usuarios: { icon: PeopleIcon, recordRepresentation: nombreCompleto },
  // An element, not a function, because «Borrador» is translated.
  facturas: { icon: ReceiptLongIcon, recordRepresentation: createElement(NumeroFactura) },
  pagos: { icon: PaymentsIcon, recordRepresentation: (pago: RaRecord) => pago.referencia || `#${pago.id}` },
  logins: { icon: AdminPanelSettingsIcon, recordRepresentation: 'usuario' },
  logs: { icon: HistoryIcon, recordRepresentation: 'tipo' },
};
