// The session and account routes in /openapi.json, declared beside its routes (routes.ts, cuenta.ts, segundoFactor.ts) (docs/arquitectura.md §1): app.ts hands them to
// the engine's document with the other plugins'.
import { mensajes } from '../mensajes.js';
import { countResponse, errorResponse, idParam, json, noContent, ref } from '../rest/openapi.js';

export const authPaths = {
  '/logins/login': {
    post: {
      tags: ['auth'], operationId: 'Login.login', security: [],
      requestBody: { required: true, content: json({ type: 'object', required: ['usuario', 'pass'], properties: { usuario: { type: 'string' }, pass: { type: 'string', format: 'password' } } }) },
      responses: { '200': { description: 'Sesión iniciada (cookie aula_sesion)', content: json(ref('Login')) }, '401': errorResponse('login incorrecto'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/logins/olvido': {
    post: {
      tags: ['auth'], operationId: 'Login.olvido', security: [],
      description: mensajes.enlaces.olvidoResumen,
      requestBody: { required: true, content: json({ type: 'object', required: ['usuario'], properties: { usuario: { type: 'string', description: 'Nombre de usuario o email' } } }) },
      responses: {
        '202': { description: 'Siempre la misma respuesta, exista o no la cuenta', content: json({ type: 'object', required: ['mensaje'], properties: { mensaje: { type: 'string', example: mensajes.enlaces.olvidoRespuesta } } }) },
        '429': errorResponse('Demasiadas peticiones desde esta dirección o para este usuario (Retry-After)'),
      },
    },
  },
  '/logins/restablecer': {
    post: {
      tags: ['auth'], operationId: 'Login.restablecer', security: [],
      description: mensajes.enlaces.restablecerResumen,
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['token', 'pass', 'tipo'],
          properties: {
            token: { type: 'string', description: 'El secreto del enlace (lo que va tras «#»)' },
            pass: { type: 'string', format: 'password' },
            tipo: { type: 'string', enum: ['restablecer', 'invitacion'] },
          },
        }),
      },
      responses: {
        '200': { description: 'Contraseña guardada; se entra después con POST /logins/login', content: json({ type: 'object', required: ['usuario'], properties: { usuario: { type: 'string' } } }) },
        '410': errorResponse(mensajes.enlaces.enlaceNoValido),
        '422': errorResponse('La contraseña no cumple la política (junto a «pass»)'),
        '429': errorResponse('El servidor está ocupado con otras contraseñas (Retry-After)'),
      },
    },
  },
  '/logins/logout': { post: { tags: ['auth'], operationId: 'Login.logout', responses: { '204': noContent } } },
  '/logins/me': { get: { tags: ['auth'], operationId: 'Login.me', responses: { '200': { description: 'Administrador actual', content: json(ref('Login')) }, '401': errorResponse('Sin sesión') } } },
  '/logins/sesion': {
    get: {
      tags: ['auth'], operationId: 'Login.sesion',
      description: 'Cuándo caduca la sesión. Preguntarlo, como cualquier petición, la prolonga.',
      responses: {
        '200': {
          description: 'Caducidad de la sesión actual',
          content: json({
            type: 'object',
            required: ['inactividadMinutos', 'margenSegundos', 'caducaPorInactividad', 'caduca', 'ahora'],
            properties: {
              inactividadMinutos: { type: 'integer', description: 'SESSION_IDLE_MINUTES' },
              margenSegundos: { type: 'integer', description: 'La actividad se anota como mucho con esta frecuencia: tras una petición, la sesión dura al menos inactividadMinutos menos esto' },
              caducaPorInactividad: { type: 'string', format: 'date-time', description: 'Si no hay más peticiones' },
              caduca: { type: 'string', format: 'date-time', description: 'Caducidad absoluta (SESSION_ABSOLUTE_HOURS desde el login)' },
              ahora: { type: 'string', format: 'date-time', description: 'El reloj del servidor' },
            },
          }),
        },
        '401': errorResponse('Sin sesión'),
      },
    },
  },
  '/logins/codigo': {
    post: {
      tags: ['auth'], operationId: 'Login.codigo',
      description: 'Segundo paso del login de una cuenta con verificación en dos pasos (fase «codigo»): un código de la aplicación o uno de recuperación, cada uno válido una vez. Emite un token de sesión nuevo.',
      requestBody: { required: true, content: json({ type: 'object', required: ['codigo'], properties: { codigo: { type: 'string' } } }) },
      responses: { '200': { description: 'Sesión completa (o la fase que queda)', content: json(ref('Login')) }, '422': errorResponse('Código incorrecto o ya usado'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/cuenta/segundo-factor': {
    get: { tags: ['auth'], operationId: 'SegundoFactor.estado', responses: { '200': { description: 'Si está activada y cuántos códigos de recuperación quedan', content: json({ type: 'object', properties: { activo: { type: 'boolean' }, codigosRestantes: { type: 'integer' } } }) } } },
    post: {
      tags: ['auth'], operationId: 'SegundoFactor.alta',
      description: 'Empieza (o vuelve a empezar) la activación: un secreto nuevo, sin confirmar.',
      responses: {
        '200': {
          description: 'La URI otpauth:// y su QR (data URL SVG)',
          content: json({
            type: 'object',
            properties: {
              uri: { type: 'string' },
              qr: { type: 'string' },
              pideContrasena: { type: 'boolean', description: 'Si confirmar pedirá la contraseña actual: siempre, salvo en el paso «enrolar» del propio login, que acaba de probarla' },
            },
          }),
        },
        '409': errorResponse('Ya está activada'),
      },
    },
    delete: {
      tags: ['auth'], operationId: 'SegundoFactor.baja',
      requestBody: { required: true, content: json({ type: 'object', required: ['pass', 'codigo'], properties: { pass: { type: 'string', format: 'password' }, codigo: { type: 'string' } } }) },
      responses: { '200': { description: 'Desactivada' }, '409': errorResponse('Obligatoria para el rol (MFA_ROLES) o no activada'), '422': errorResponse('Contraseña o código incorrectos'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/cuenta/segundo-factor/confirmar': {
    post: {
      tags: ['auth'], operationId: 'SegundoFactor.confirmar',
      description: 'Vincula el teléfono: un código del secreto pendiente y, si el alta lo pidió (pideContrasena), la contraseña actual, contada como un intento de login.',
      requestBody: { required: true, content: json({ type: 'object', required: ['codigo'], properties: { codigo: { type: 'string' }, pass: { type: 'string', format: 'password' } } }) },
      responses: {
        '200': { description: 'Activada: los diez códigos de recuperación, que no se vuelven a mostrar', content: json({ type: 'object', properties: { codigosRecuperacion: { type: 'array', items: { type: 'string' } } } }) },
        '409': errorResponse('Sin activación pendiente'),
        '422': errorResponse('Código incorrecto, o contraseña que falta o no es (junto a «pass»)'),
        '429': errorResponse('Demasiados intentos'),
      },
    },
  },
  '/cuenta/contrasena': {
    post: {
      tags: ['cuenta'], operationId: 'Cuenta.contrasena',
      description: 'Cambia la contraseña de la propia cuenta (también el paso «cambiarPass» tras un restablecimiento). Cierra las demás sesiones de la cuenta.',
      requestBody: { required: true, content: json({ type: 'object', required: ['actual', 'nueva'], properties: { actual: { type: 'string', format: 'password' }, nueva: { type: 'string', format: 'password' } } }) },
      responses: {
        '200': { description: 'Contraseña cambiada; «fase» es el paso que aún falta, o null', content: json({ type: 'object', properties: { fase: { type: 'string', nullable: true } } }) },
        '422': errorResponse('Contraseña actual incorrecta o nueva no válida'),
        '429': errorResponse('Demasiados intentos'),
      },
    },
  },
  '/cuenta/sesiones': {
    get: {
      tags: ['cuenta'], operationId: 'Cuenta.sesiones',
      responses: {
        '200': {
          description: 'Sesiones abiertas de la propia cuenta',
          content: json({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' }, dispositivo: { type: 'string', nullable: true, description: 'User-Agent del navegador' }, ip: { type: 'string', nullable: true },
                createdAt: { type: 'string', format: 'date-time' }, lastSeenAt: { type: 'string', format: 'date-time' }, actual: { type: 'boolean', description: 'La sesión de esta petición' },
              },
            },
          }),
        },
      },
    },
    delete: { tags: ['cuenta'], operationId: 'Cuenta.cerrarOtras', description: 'Cierra las demás sesiones de la cuenta', responses: { '200': countResponse } },
  },
  '/cuenta/sesiones/{id}': {
    delete: { tags: ['cuenta'], operationId: 'Cuenta.cerrarSesion', parameters: [idParam], responses: { '204': noContent, '404': errorResponse('No existe (o es de otra cuenta)') } },
  },
};
