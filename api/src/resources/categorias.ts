import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'categorias',
  model: 'Categoria',
  labels: { singular: 'categoría', plural: 'categorías', genero: 'f' },
  fields: {
    nombre: { label: 'Nombre', type: 'string', required: true, minLength: 1, maxLength: 80, unique: true },
    descripcion: { label: 'Descripción', type: 'string', maxLength: 2000 },
    orden: { label: 'Orden', type: 'integer', default: 0 },
  },
  relations: {
    cursos: { type: 'hasMany', target: 'cursos', foreignKey: 'categoriaId' },
  },
  searchFields: ['nombre', 'descripcion'],
  nombre: '{nombre}',
  // Content: the editors make it, the contable reads it.
  restaurable: true,
  acceso: { contable: { leer: true }, editor: { leer: true, escribir: true }, tienda: { leer: true } },
});
