// The texts of the entities that are one file (the activity log).
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesResources = {
  actividad: {
    demasiadas: (max: number, minutos: number) =>
      `Tu cuenta ya ha escrito ${max} entradas en el registro de actividad en ${minutos === 60 ? 'la última hora' : minutos === 1 ? 'el último minuto' : `los últimos ${minutos} minutos`}: espera un poco antes de escribir otra.`,
  },
};
