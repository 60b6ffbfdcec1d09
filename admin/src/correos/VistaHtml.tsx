import { Box } from '@mui/material';

interface Props {
  /** A whole HTML document: the message's part as it leaves (a 600 px mail). */
  html: string;
  /** What a screen reader calls the frame. */
  titulo: string;
  alto?: number;
}

/**
 * A message's HTML as its reader sees it, in a frame that runs nothing: `sandbox=""` gives it no
 * scripts, no forms, no navigation and an origin of its own, so nothing in a message (a client
 * named `<script>`, a template's link) reaches the admin. 600 px wide at most, as mail is read;
 * the screen's width on a phone.
 */
export const VistaHtml = ({ html, titulo, alto = 420 }: Props) => (
  <Box
    component="iframe"
    srcDoc={html}
    sandbox=""
    title={titulo}
    sx={{ display: 'block', width: '100%', maxWidth: 648, height: alto, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f4f5f7' }}
  />
);

/** A message's plain text part, its lines as written, wrapping within the page. */
export const VistaTexto = ({ texto }: { texto: string }) => (
  <Box
    component="pre"
    sx={{ m: 0, p: 1.5, maxWidth: 648, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.875rem', bgcolor: 'action.hover', borderRadius: 1 }}
  >
    {texto}
  </Box>
);
