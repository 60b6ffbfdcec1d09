import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'categorias',
  model: 'Categoria',
  fields: {
    nombre: { type: 'string', required: true, minLength: 1, maxLength: 80, unique: true },
    descripcion: { type: 'string', maxLength: 2000 },
    orden: { type: 'integer', default: 0 },
  },
  relations: {
    cursos: { type: 'hasMany', target: 'cursos', foreignKey: 'categoriaId' },
  },
  searchFields: ['nombre', 'descripcion'],
});
