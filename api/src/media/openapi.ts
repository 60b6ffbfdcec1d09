// The upload and file routes in /openapi.json, declared beside its routes (subidas.ts, servir.ts) (docs/arquitectura.md §1): app.ts hands them to
// the engine's document with the other plugins'.
import { common, errorResponse, noContent } from '../rest/openapi.js';

const tusCabecera = (name: string, description: string, required = true) => ({ name, in: 'header', required, description, schema: { type: 'string' } });
const subidaParam = { name: 'id', in: 'path', required: true, description: 'Id de la subida: el último tramo de su Location', schema: { type: 'string' } };
const tusResumable = tusCabecera('Tus-Resumable', 'Versión del protocolo tus: 1.0.0');

/** Uploads (tus 1.0, docs/arquitectura.md §7) and the files served back at the paths records hold. */
export const mediaPaths = {
  '/subidas': {
    post: {
      tags: ['archivos'], operationId: 'Subidas.crear', summary: 'Crea una subida reanudable (tus 1.0): cada subida es un archivo',
      parameters: [
        tusResumable,
        tusCabecera('Upload-Length', 'Tamaño del fichero en bytes'),
        tusCabecera('Upload-Metadata', 'Pares «clave base64» separados por comas: carpeta (videos|photos), filename, filetype'),
      ],
      responses: {
        '201': { description: 'Subida creada; su dirección en Location' },
        '412': errorResponse('Falta Tus-Resumable'),
        '413': errorResponse('Mayor que el máximo de su carpeta (MAX_VIDEO_MB, MAX_PHOTO_MB)'),
        '403': errorResponse('Origen no permitido'),
        ...common,
      },
    },
  },
  '/subidas/{id}': {
    head: { tags: ['archivos'], operationId: 'Subidas.desplazamiento', summary: 'Cuánto se ha recibido (Upload-Offset)', parameters: [subidaParam, tusResumable], responses: { '200': { description: 'Upload-Offset y Upload-Length' }, '404': errorResponse('No existe o ha caducado'), ...common } },
    patch: {
      tags: ['archivos'], operationId: 'Subidas.enviar', summary: 'Envía un trozo desde Upload-Offset; el tipo se juzga por los primeros bytes',
      parameters: [subidaParam, tusResumable, tusCabecera('Upload-Offset', 'Dónde empieza este trozo')],
      requestBody: { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: { '204': { description: 'Recibido; Upload-Offset nuevo' }, '409': errorResponse('El trozo no empieza donde terminó lo recibido'), '415': errorResponse('No es un vídeo o una imagen admitidos'), '404': errorResponse('No existe o ha caducado'), ...common },
    },
    delete: { tags: ['archivos'], operationId: 'Subidas.cancelar', summary: 'Cancela una subida y borra lo recibido', parameters: [subidaParam, tusResumable], responses: { '204': noContent, '404': errorResponse('No existe o ha caducado'), ...common } },
  },
  ...Object.fromEntries(
    (['videos', 'photos'] as const).map((carpeta) => [
      `/${carpeta}/{nombre}`,
      {
        get: {
          tags: ['archivos'], operationId: `Archivos.${carpeta}`, summary: `Un fichero de /${carpeta}/: admite Range; desde S3, una redirección firmada de corta duración`,
          parameters: [{ name: 'nombre', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'El fichero' }, '206': { description: 'Un tramo del fichero' }, '302': { description: 'Enlace firmado (S3)' }, '404': errorResponse('No existe'), ...common },
        },
      },
    ]),
  ),
};
