// The texts of a course's class ordering.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesCursos = {
  orden: {
    resumen: 'Ordena las clases del curso: «clases» trae todas sus clases, cada una una vez, en el orden nuevo',
    repetida: (id: number) => `La clase ${id} aparece más de una vez`,
    ajena: (id: number) => `La clase ${id} no es de este curso`,
    falta: (id: number) => `Falta la clase ${id} del curso: la lista debe traer todas sus clases (quizá se ha añadido una mientras tanto)`,
  },
};
