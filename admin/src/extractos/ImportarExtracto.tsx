// «Importar extracto»: the contable picks the Norma 43 file the bank gave; its bytes go as they
// are (POST /extractos/importar, application/octet-stream) and the new extracto opens for review.
// A file already imported opens the extracto it is; a malformed one says its line and why.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState } from 'react';
import { Button, useNotify, useRedirect } from 'react-admin';
import { fetchJson, motivo } from '../providers/http';

export const ImportarExtracto = () => {
  const input = useRef<HTMLInputElement>(null);
  const [enviando, setEnviando] = useState(false);
  const notify = useNotify();
  const redirect = useRedirect();

  const send = async (archivo: File) => {
    setEnviando(true);
    try {
      const { json } = await fetchJson<{ duplicado: boolean; extracto: { id: number } }>(`/extractos/importar?nombre=${encodeURIComponent(archivo.name)}`, { method: 'POST', body: archivo });
      notify(json.duplicado ? 'aula.extractos.duplicado' : 'aula.extractos.importado', { type: json.duplicado ? 'info' : 'success' });
      redirect('show', 'extractos', json.extracto.id);
    } catch (error) {
      notify(motivo(error), { type: 'error', multiLine: true });
    } finally {
      setEnviando(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".n43,.txt,.aeb,.csb,text/plain,application/octet-stream"
        hidden
        data-testid="archivo-extracto"
        onChange={(e) => {
          const archivo = e.target.files?.[0];
          if (archivo) void send(archivo);
        }}
      />
      <Button label="aula.extractos.importar" disabled={enviando} onClick={() => input.current?.click()}>
        <UploadFileIcon />
      </Button>
    </>
  );
};
