import { defineResource } from '../../base/types.js';
import { reordenarClases } from './ordenClases.js';
import { moneda } from '../shared.js';

export default defineResource({
  name: 'cursos',
  model: 'Curso',
  fields: {
    titulo: { type: 'string', required: true, minLength: 1, maxLength: 160, indiceTrigramas: true },
    descripcion: { type: 'string', maxLength: 10000 },
    categoriaId: { type: 'integer', references: 'categorias' },
    precio: { type: 'integer', required: true, minimum: 0, money: true },
    moneda,
    nivel: { type: 'string', enum: ['basico', 'intermedio', 'avanzado'], default: 'basico' },
    estado: { type: 'string', enum: ['borrador', 'publicado', 'archivado'], default: 'borrador' },
    foto: { type: 'string', maxLength: 1000, archivo: 'photos' },
  },
  relations: {
    categoria: { type: 'belongsTo', target: 'categorias', foreignKey: 'categoriaId' },
    clases: { type: 'hasMany', target: 'clases', foreignKey: 'cursoId', nested: true },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'cursoId' },
  },
  searchFields: ['titulo', 'descripcion'],
  actions: { reordenarClases },
});
