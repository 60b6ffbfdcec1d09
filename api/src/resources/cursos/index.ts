import { defineResource } from '../../base/types.js';
import { reordenarClases } from './ordenClases.js';
import { moneda } from '../shared.js';

export default defineResource({
  name: 'cursos',
  model: 'Curso',
  labels: { singular: 'curso', plural: 'cursos', genero: 'm' },
  fields: {
    titulo: { label: 'Título', type: 'string', required: true, minLength: 1, maxLength: 160, indiceTrigramas: true },
    descripcion: { label: 'Descripción', type: 'string', maxLength: 10000 },
    categoriaId: { label: 'Categoría', type: 'integer', references: 'categorias' },
    precio: { label: 'Precio', type: 'integer', required: true, minimum: 0, money: true },
    moneda: { ...moneda, label: 'Moneda' },
    nivel: { label: 'Nivel', enumLabels: { basico: 'Básico', intermedio: 'Intermedio', avanzado: 'Avanzado' }, type: 'string', enum: ['basico', 'intermedio', 'avanzado'], default: 'basico' },
    estado: { label: 'Estado', enumLabels: { borrador: 'Borrador', publicado: 'Publicado', archivado: 'Archivado' }, type: 'string', enum: ['borrador', 'publicado', 'archivado'], default: 'borrador' },
    foto: { label: 'Foto', type: 'string', maxLength: 1000, archivo: 'photos' },
    // How long a purchase gives access (docs/arquitectura.md §22); none: for ever.
    accesoDias: { label: 'Días de acceso', type: 'integer', minimum: 1, maximum: 36500 },
  },
  relations: {
    categoria: { type: 'belongsTo', target: 'categorias', foreignKey: 'categoriaId' },
    clases: { type: 'hasMany', target: 'clases', foreignKey: 'cursoId', nested: true },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'cursoId' },
    matriculas: { type: 'hasMany', target: 'matriculas', foreignKey: 'cursoId', nested: true },
  },
  searchFields: ['titulo', 'descripcion'],
  nombre: '{titulo}',
  // Content: the editors make it, the contable reads it.
  restaurable: true,
  // The shop (an API token) reads the catalogue it sells: the published cursos.
  acceso: { contable: { leer: true }, editor: { leer: true, escribir: true }, tienda: { leer: true, donde: { estado: 'publicado' } } },
  actions: { reordenarClases },
});
