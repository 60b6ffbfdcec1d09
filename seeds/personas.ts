// Spanish (and a few Portuguese, French and Mexican) people for the demo and scale seeds:
// names, surnames, addresses, NIFs, phones and e-mail addresses.
import type { Random } from './random.js';

export const nombresMujer = [
  'María', 'Lucía', 'Carmen', 'Ana', 'Laura', 'Marta', 'Sara', 'Paula', 'Elena', 'Cristina', 'Isabel', 'Raquel',
  'Sofía', 'Alba', 'Irene', 'Andrea', 'Nuria', 'Beatriz', 'Rocío', 'Patricia', 'Silvia', 'Julia', 'Claudia',
  'Pilar', 'Mercedes', 'Rosa', 'Teresa', 'Noelia', 'Inés', 'Carla', 'Alicia', 'Marina', 'Eva', 'Lorena', 'Natalia',
  'Begoña', 'Ainhoa', 'Montserrat', 'Aitana', 'Celia', 'Lidia', 'Miriam', 'Yolanda', 'Esther', 'Nerea', 'Ángela',
];

export const nombresHombre = [
  'Antonio', 'José', 'Manuel', 'Francisco', 'David', 'Juan', 'Javier', 'Daniel', 'Carlos', 'Alejandro', 'Miguel',
  'Rafael', 'Pablo', 'Sergio', 'Fernando', 'Jorge', 'Luis', 'Alberto', 'Álvaro', 'Adrián', 'Diego', 'Raúl', 'Iván',
  'Rubén', 'Óscar', 'Andrés', 'Enrique', 'Ramón', 'Víctor', 'Hugo', 'Mario', 'Marcos', 'Ignacio', 'Jaime',
  'Gonzalo', 'Íñigo', 'Jordi', 'Xavier', 'Unai', 'Guillermo', 'Tomás', 'Nicolás', 'Samuel', 'Héctor', 'Joaquín',
];

export const apellidos = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro',
  'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez',
  'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez', 'Iglesias', 'Medina', 'Garrido',
  'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto', 'Méndez', 'Cruz', 'Calvo', 'Gallego',
  'Vidal', 'León', 'Márquez', 'Herrera', 'Peña', 'Flores', 'Cabrera', 'Campos', 'Vega', 'Fuentes', 'Carrasco',
  'Diez', 'Caballero', 'Reyes', 'Nieto', 'Aguilar', 'Pascual', 'Santana', 'Herrero', 'Montero', 'Lorenzo',
  'Hidalgo', 'Giménez', 'Ibáñez', 'Ferrer', 'Durán', 'Santiago', 'Benítez', 'Mora', 'Vicente', 'Vargas', 'Arias',
  'Carmona', 'Crespo', 'Román', 'Pastor', 'Soto', 'Sáez', 'Velasco', 'Moya', 'Soler', 'Parra', 'Esteban', 'Bravo',
  'Gallardo', 'Rojas', 'Echeverría', 'Etxeberria', 'Puig', 'Casals', 'Vilar', 'Otero', 'Rey', 'Losada',
];

interface Lugar {
  ciudad: string;
  provincia: string;
  /** The province's two-digit postal-code prefix. */
  cp: string;
  peso: number;
}

export const lugares: Lugar[] = [
  { ciudad: 'Madrid', provincia: 'Madrid', cp: '28', peso: 30 },
  { ciudad: 'Alcalá de Henares', provincia: 'Madrid', cp: '28', peso: 3 },
  { ciudad: 'Getafe', provincia: 'Madrid', cp: '28', peso: 3 },
  { ciudad: 'Barcelona', provincia: 'Barcelona', cp: '08', peso: 20 },
  { ciudad: 'Sabadell', provincia: 'Barcelona', cp: '08', peso: 3 },
  { ciudad: 'Valencia', provincia: 'Valencia', cp: '46', peso: 10 },
  { ciudad: 'Sevilla', provincia: 'Sevilla', cp: '41', peso: 9 },
  { ciudad: 'Zaragoza', provincia: 'Zaragoza', cp: '50', peso: 6 },
  { ciudad: 'Málaga', provincia: 'Málaga', cp: '29', peso: 6 },
  { ciudad: 'Murcia', provincia: 'Murcia', cp: '30', peso: 4 },
  { ciudad: 'Palma', provincia: 'Illes Balears', cp: '07', peso: 4 },
  { ciudad: 'Las Palmas de Gran Canaria', provincia: 'Las Palmas', cp: '35', peso: 4 },
  { ciudad: 'Bilbao', provincia: 'Bizkaia', cp: '48', peso: 5 },
  { ciudad: 'Alicante', provincia: 'Alicante', cp: '03', peso: 4 },
  { ciudad: 'Córdoba', provincia: 'Córdoba', cp: '14', peso: 3 },
  { ciudad: 'Valladolid', provincia: 'Valladolid', cp: '47', peso: 3 },
  { ciudad: 'Vigo', provincia: 'Pontevedra', cp: '36', peso: 3 },
  { ciudad: 'Gijón', provincia: 'Asturias', cp: '33', peso: 3 },
  { ciudad: 'A Coruña', provincia: 'A Coruña', cp: '15', peso: 3 },
  { ciudad: 'Granada', provincia: 'Granada', cp: '18', peso: 3 },
  { ciudad: 'Vitoria-Gasteiz', provincia: 'Araba/Álava', cp: '01', peso: 2 },
  { ciudad: 'Santander', provincia: 'Cantabria', cp: '39', peso: 2 },
  { ciudad: 'Pamplona', provincia: 'Navarra', cp: '31', peso: 2 },
  { ciudad: 'San Sebastián', provincia: 'Gipuzkoa', cp: '20', peso: 2 },
  { ciudad: 'Salamanca', provincia: 'Salamanca', cp: '37', peso: 2 },
  { ciudad: 'Cádiz', provincia: 'Cádiz', cp: '11', peso: 2 },
  { ciudad: 'Toledo', provincia: 'Toledo', cp: '45', peso: 2 },
  { ciudad: 'Logroño', provincia: 'La Rioja', cp: '26', peso: 1 },
  { ciudad: 'Badajoz', provincia: 'Badajoz', cp: '06', peso: 1 },
  { ciudad: 'Santa Cruz de Tenerife', provincia: 'Santa Cruz de Tenerife', cp: '38', peso: 2 },
  { ciudad: 'Girona', provincia: 'Girona', cp: '17', peso: 1 },
  { ciudad: 'León', provincia: 'León', cp: '24', peso: 1 },
];
const lugarPesos = lugares.map((l) => [l, l.peso] as const);

const vias = ['Calle', 'Calle', 'Calle', 'Avenida', 'Paseo', 'Plaza', 'Camino', 'Ronda'];
const calles = [
  'Mayor', 'Real', 'de la Constitución', 'de Alcalá', 'Gran Vía', 'del Sol', 'de la Paz', 'San Francisco',
  'de Cervantes', 'de Goya', 'de Velázquez', 'de Colón', 'de la Libertad', 'Nueva', 'del Carmen', 'de Santiago',
  'de Andalucía', 'de la Estación', 'de los Reyes Católicos', 'de Antonio Machado', 'de García Lorca',
  'de la Castellana', 'del Mar', 'de la Iglesia', 'de San Juan', 'de Valencia', 'de Aragón', 'de Blas de Otero',
];
const pisos = ['1º A', '1º B', '2º A', '2º C', '3º B', '3º D', '4º izda.', '5º dcha.', 'bajo', 'ático'];

export const dominios = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'hotmail.es', 'yahoo.es', 'outlook.es', 'icloud.com', 'telefonica.net', 'protonmail.com'];

interface Extranjero {
  nombres: readonly string[];
  apellidos: readonly string[];
  lugares: readonly { ciudad: string; provincia: string; cp: () => string }[];
}

const extranjeros: Record<'PT' | 'FR' | 'MX', Extranjero> = {
  PT: {
    nombres: ['João', 'Inês', 'Tiago', 'Beatriz', 'Rui', 'Mariana'],
    apellidos: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa'],
    lugares: [
      { ciudad: 'Lisboa', provincia: 'Lisboa', cp: () => '1000-' },
      { ciudad: 'Oporto', provincia: 'Porto', cp: () => '4000-' },
    ],
  },
  FR: {
    nombres: ['Camille', 'Léa', 'Hugo', 'Louis', 'Chloé', 'Julien'],
    apellidos: ['Martin', 'Bernard', 'Dubois', 'Laurent', 'Moreau', 'Lefebvre'],
    lugares: [
      { ciudad: 'Toulouse', provincia: 'Occitanie', cp: () => '310' },
      { ciudad: 'Burdeos', provincia: 'Nouvelle-Aquitaine', cp: () => '330' },
      { ciudad: 'París', provincia: 'Île-de-France', cp: () => '750' },
    ],
  },
  MX: {
    nombres: ['Guadalupe', 'Alejandra', 'Luis Fernando', 'Ximena', 'Emiliano', 'José Luis'],
    apellidos: ['Hernández', 'García', 'Martínez', 'López', 'Ramírez', 'Flores', 'Cervantes'],
    lugares: [
      { ciudad: 'Ciudad de México', provincia: 'CDMX', cp: () => '06' },
      { ciudad: 'Guadalajara', provincia: 'Jalisco', cp: () => '44' },
      { ciudad: 'Monterrey', provincia: 'Nuevo León', cp: () => '64' },
    ],
  },
};

const DNI_LETRAS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A DNI (8 digits + check letter) or, now and then, an NIE (X/Y/Z + 7 digits + letter). */
export function nif(rng: Random): string {
  if (rng.chance(0.08)) {
    const prefix = rng.int(0, 2);
    const digits = rng.digits(7);
    return 'XYZ'[prefix] + digits + DNI_LETRAS[Number(`${prefix}${digits}`) % 23];
  }
  const n = rng.int(1_000_000, 79_999_999);
  return String(n).padStart(8, '0') + DNI_LETRAS[n % 23];
}

/** Lower-case ASCII for e-mail local parts: «Íñigo Muñoz» → «inigo.munoz». */
export function slug(s: string, sep = '.'): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, 'g'), '');
}

export interface Persona {
  nombre: string;
  apellidos: string;
  telefono: string | null;
  nif: string | null;
  direccion: string | null;
  codigoPostal: string | null;
  ciudad: string | null;
  provincia: string | null;
  pais: string;
}

/** One person; the e-mail is left to the caller, which knows how to keep it unique. */
export function persona(rng: Random): Persona {
  const pais = rng.weighted([['ES', 94], ['PT', 2], ['FR', 2], ['MX', 2]] as const);
  if (pais !== 'ES') {
    const x = extranjeros[pais];
    const lugar = rng.pick(x.lugares);
    const cp = lugar.cp();
    return {
      nombre: rng.pick(x.nombres),
      apellidos: pais === 'FR' ? rng.pick(x.apellidos) : `${rng.pick(x.apellidos)} ${rng.pick(x.apellidos)}`,
      telefono: pais === 'PT' ? `+351 9${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}` : pais === 'FR' ? `+33 6 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}` : `+52 55 ${rng.digits(4)} ${rng.digits(4)}`,
      nif: null,
      direccion: `${rng.pick(['Rua', 'Rue', 'Calle'] as const)} ${rng.pick(calles).replace(/^de (la |los )?/, '')}, ${rng.int(1, 150)}`,
      codigoPostal: pais === 'PT' ? cp + rng.digits(3) : cp + rng.digits(5 - cp.length),
      ciudad: lugar.ciudad,
      provincia: lugar.provincia,
      pais,
    };
  }
  const mujer = rng.chance(0.52);
  const nombre = rng.pick(mujer ? nombresMujer : nombresHombre);
  const compuesto = rng.chance(0.08) ? ` ${rng.pick(mujer ? nombresMujer : nombresHombre)}` : '';
  const lugar = rng.weighted(lugarPesos);
  const sinDatos = rng.chance(0.1);
  return {
    nombre: nombre + compuesto,
    apellidos: `${rng.pick(apellidos)} ${rng.pick(apellidos)}`,
    telefono: rng.chance(0.9) ? `+34 6${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}` : null,
    nif: sinDatos ? null : nif(rng),
    direccion: sinDatos ? null : `${rng.pick(vias)} ${rng.pick(calles)}, ${rng.int(1, 140)}, ${rng.pick(pisos)}`,
    codigoPostal: sinDatos ? null : lugar.cp + String(rng.int(1, 999)).padStart(3, '0'),
    ciudad: lugar.ciudad,
    provincia: lugar.provincia,
    pais: 'ES',
  };
}
