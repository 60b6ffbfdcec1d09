// The academy's templates (docs/arquitectura.md §25): one row per kind of message, created at
// start from the originals (correo/plantillas.ts) and edited by the administrador, with history
// and versions like any content; «Restablecer el original» is one more edit. A template may use
// only its kind's variables, as `{{variable}}`: the check refuses anything else next to its field.
import { mensajes } from '../mensajes.js';
import { conflict, validationFailed } from '../base/errors.js';
import { defineResource, SIN_CUERPO } from '../base/types.js';
import { checkPlantilla, CLAVES_PLANTILLA, TIPOS, type ClavePlantilla } from '../correo/plantillas.js';

export default defineResource({
  name: 'plantillas',
  model: 'Plantilla',
  labels: { singular: 'plantilla de correo', plural: 'plantillas de correo', genero: 'f' },
  fields: {
    clave: { label: 'Mensaje', type: 'string', required: true, readOnly: true, unique: true, enum: CLAVES_PLANTILLA, enumLabels: Object.fromEntries(CLAVES_PLANTILLA.map((c) => [c, TIPOS[c].etiqueta])) },
    asunto: { label: 'Asunto', type: 'string', required: true, minLength: 1, maxLength: 300 },
    html: { label: 'Cuerpo (HTML)', type: 'string', required: true, minLength: 1, maxLength: 20_000 },
    texto: { label: 'Cuerpo (texto)', type: 'string', required: true, minLength: 1, maxLength: 20_000 },
  },
  searchFields: ['asunto'],
  nombre: '{clave}',
  restaurable: true,
  beforeWrite(data, { existing, servidor }) {
    if (!existing && !servidor) throw conflict(mensajes.correo.plantillaNueva);
    const clave = String(data.clave ?? existing?.clave) as ClavePlantilla;
    const actual = { ...(existing as object), ...data } as { asunto: string; html: string; texto: string };
    const fallos = checkPlantilla(clave, actual);
    if (fallos.length) throw validationFailed(fallos.map((f) => ({ path: `/${f.campo}`, code: 'plantilla', message: f.mensaje })));
    return data;
  },
  async beforeDelete() {
    throw conflict(mensajes.correo.plantillaNoBorrable);
  },
  actions: {
    original: {
      method: 'POST',
      path: 'original',
      summary: mensajes.correo.resumen.original,
      body: SIN_CUERPO,
      returns: 'Plantilla',
      async run(id, _body, ctx) {
        const { asunto, html, texto } = TIPOS[ctx.row.clave as ClavePlantilla];
        await ctx.update('plantillas', id, { asunto, html, texto });
        return ctx.findById('plantillas', id);
      },
    },
  },
});
