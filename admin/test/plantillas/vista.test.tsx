// The template editor's live preview: what is typed goes to POST /plantillas/vista once the typing
// pauses (one request for a burst of keys, never an old answer over a newer one), the subject,
// HTML and text come back as they would leave, a refusal shows under its field with what was
// typed kept, and the variables of the template's kind are listed beside it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import correos from '../../src/correos';
import plantillas from '../../src/plantillas';
import { useVistaPlantilla, type Plantilla } from '../../src/plantillas/useVistaPlantilla';
import { errorLoopBack, fakeApi, type Llamada } from '../fetchMock';
import { montarAdmin } from '../montarAdmin';

const plantilla = { id: 1, clave: 'factura', asunto: 'Tu factura {{numero}}', html: '<p>Hola, {{cliente}}:</p>', texto: 'Hola, {{cliente}}:', version: 2 };
const ajustes = {
  servidor: false,
  remitente: 'Aula <no-responder@localhost>',
  enviarFacturas: true,
  tipos: { factura: { etiqueta: 'Factura emitida', variables: { cliente: 'Nombre del cliente', numero: 'Número de la factura' } } },
};
/** The server's preview: the sample values put in, or a refusal of an unknown variable. */
const vista = (l: Llamada) => {
  const { asunto, html, texto } = l.body as Plantilla;
  if (asunto.includes('{{precio}}')) return errorLoopBack(422, 'Revisa los campos señalados', [{ path: '/asunto', message: '{{precio}} no es una variable de esta plantilla. Puedes usar: cliente, numero' }]);
  const poner = (s: string) => s.replace('{{numero}}', 'A-128').replace('{{cliente}}', 'Lucía Fernández');
  return { body: { asunto: poner(asunto), html: `<!DOCTYPE html><html><body>${poner(html)}</body></html>`, texto: poner(texto) } };
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useVistaPlantilla', () => {
  const Sonda = ({ p }: { p: Plantilla }) => {
    const { vista, errores, cargando } = useVistaPlantilla(p, 400);
    return <output>{cargando ? 'cargando' : `${vista?.asunto ?? ''}|${errores.asunto ?? ''}`}</output>;
  };

  it('asks once the typing pauses, with the last values only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const llamadas = fakeApi({ 'POST /plantillas/vista': vista });
    const { rerender } = render(<Sonda p={plantilla} />);
    for (const asunto of ['F', 'Fa', 'Factura {{numero}}']) {
      rerender(<Sonda p={{ ...plantilla, asunto }} />);
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(llamadas.filter((l) => l.url === '/plantillas/vista')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(400));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Factura A-128|'));
    const pedidas = llamadas.filter((l) => l.url === '/plantillas/vista');
    expect(pedidas.map((l) => l.body)).toEqual([{ clave: 'factura', asunto: 'Factura {{numero}}', html: plantilla.html, texto: plantilla.texto }]);
  });

  it('keeps the last preview and gives the refusal by field', async () => {
    fakeApi({ 'POST /plantillas/vista': vista });
    const { rerender } = render(<Sonda p={plantilla} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Tu factura A-128|'));
    rerender(<Sonda p={{ ...plantilla, asunto: 'Son {{precio}}' }} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Tu factura A-128|{{precio}} no es una variable'));
  });
});

describe('the template editor', () => {
  function montar() {
    return montarAdmin(
      '/plantillas/1',
      [plantillas, correos],
      {
        'GET /plantillas/1': { body: plantilla },
        'GET /plantillas/1/historial': { body: [] },
        'GET /correo/ajustes': { body: ajustes },
        'POST /plantillas/vista': vista,
      },
      { usuario: 'admin', rol: 'administrador' },
    );
  }

  it('previews what is typed, says a refusal under its field keeping the text, and lists the variables', { timeout: 30_000 }, async () => {
    const llamadas = montar();
    expect(await screen.findByText('Tu factura A-128', {}, { timeout: 10_000 })).toBeInTheDocument();
    const marco = screen.getByTitle('Mensaje «Tu factura A-128» en HTML');
    expect(marco.tagName).toBe('IFRAME');
    // A frame that runs nothing of the message.
    expect(marco.getAttribute('sandbox')).toBe('');
    expect(marco.getAttribute('srcdoc')).toContain('<p>Hola, Lucía Fernández:</p>');
    expect(screen.getByText('{{cliente}}')).toBeInTheDocument();
    expect(screen.getByText('Número de la factura')).toBeInTheDocument();

    const asunto = screen.getByLabelText(/^Asunto/);
    fireEvent.change(asunto, { target: { value: 'Factura {{numero}} lista' } });
    expect(await screen.findByText('Factura A-128 lista', {}, { timeout: 5000 })).toBeInTheDocument();

    fireEvent.change(asunto, { target: { value: 'Son {{precio}}' } });
    expect(await screen.findByText('{{precio}} no es una variable de esta plantilla. Puedes usar: cliente, numero', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asunto).toHaveValue('Son {{precio}}');
    expect(asunto).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(asunto, { target: { value: 'Tu factura {{numero}}' } });
    await waitFor(() => expect(asunto).toHaveAttribute('aria-invalid', 'false'), { timeout: 5000 });
    expect(llamadas.filter((l) => l.url === '/plantillas/vista').at(-1)!.body).toEqual({ clave: 'factura', asunto: 'Tu factura {{numero}}', html: plantilla.html, texto: plantilla.texto });
  });
});
