// The texts of the live events stream.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesEventos = {
  eventos: {
    demasiados: (max: number) => `Tu cuenta ya tiene ${max} pestañas o ventanas recibiendo cambios en vivo: cierra alguna y vuelve a intentarlo.`,
    servidorLleno: 'El servidor no admite ahora más pestañas recibiendo cambios en vivo: se volverá a intentar en unos segundos.',
  },
};
