// What GET /correo/ajustes answers (docs/arquitectura.md §25): whether a mail server is
// configured, the sender, and each kind of message with the variables its template may use.
// Read once per page: it changes only with the installation's configuration.
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '../providers/http';

export interface AjustesCorreo {
  /** False without SMTP_URL: messages wait in the outbox. */
  servidor: boolean;
  remitente: string;
  enviarFacturas: boolean;
  tipos: Record<string, { etiqueta: string; variables: Record<string, string> }>;
}

/** Asked only where the role may (administrador, contable): another's 403 helps nobody. */
export const useAjustesCorreo = (permitido = true) =>
  useQuery({
    enabled: permitido,
    queryKey: ['correo', 'ajustes'],
    queryFn: async () => (await fetchJson<AjustesCorreo>('/correo/ajustes')).json,
    staleTime: 5 * 60_000,
  });
