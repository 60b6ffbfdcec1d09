// The texts of uploads, media processing and the storage check.
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.
import { type Etiquetas } from '../../../contrato/etiquetas.js';
import { cuenta } from '../redaccion.js';

export const mensajesMedia = {
  subidas: {
    sinTus: 'Las subidas hablan el protocolo tus: falta la cabecera Tus-Resumable',
    carpetaInvalida: (valor: string) => `La subida debe indicar en Upload-Metadata la carpeta «videos» o «photos» (recibido «${valor}»)`,
    sinTamano: 'La subida debe indicar su tamaño (Upload-Length) al crearse',
    demasiadoGrande: (carpeta: string, mb: number) => `El fichero es demasiado grande: en /${carpeta}/ se admiten como máximo ${mb} MB`,
    tipoNoAdmitido: (carpeta: string) =>
      carpeta === 'videos'
        ? 'El fichero no es un vídeo admitido: se aceptan MP4, WebM y MOV (según su contenido, no su nombre)'
        : 'El fichero no es una imagen admitida: se aceptan JPEG, PNG y WebP (según su contenido, no su nombre)',
    noExiste: 'La subida no existe o ha caducado: vuelve a empezar',
    desplazamiento: 'El fragmento no empieza donde terminó lo recibido: pide el desplazamiento (HEAD) y continúa desde ahí',
    version: 'Versión del protocolo tus no admitida (se admite la 1.0.0)',
    cabeceraInvalida: 'Cabecera tus no válida',
    fallo: (estado: number) => `La subida no se pudo completar (estado ${estado})`,
    procesado: 'No se pudo procesar el fichero',
    cancelada: 'La subida ya no existe: su archivo se borró mientras se subía',
    demasiadasALaVez: (n: number) =>
      `Tienes ${n === 1 ? 'ya una subida' : `ya ${n} subidas`} en curso, el máximo a la vez: espera a que ${n === 1 ? 'termine' : 'termine alguna'} o cancela una`,
    cuotaAgotada: (libresMb: number, cuotaMb: number) =>
      `No queda espacio para este fichero: quedan ${libresMb} MB libres de los ${cuotaMb} MB de la cuota de almacenamiento (CUOTA_ALMACEN_MB). Borra archivos que no se usen`,
  },
  /** What ffprobe/ffmpeg could not do with a file: stored in the archivo's `error`, shown in the admin. */
  medios: {
    sinFfmpeg: (programas: string) =>
      `No se encuentra ${programas}: las subidas funcionan, pero la duración y la miniatura de los vídeos quedarán vacías. ` +
      'Instálalo con «apt-get install ffmpeg» (paquete ffmpeg de Debian) o indica su ruta en FFMPEG_PATH y FFPROBE_PATH.',
    sinPrlimit: (programa: string) =>
      `No se encuentra «${programa}» (del paquete util-linux): sin él, ffmpeg no se ejecuta con límites de memoria y tiempo, ` +
      'así que no se analiza ningún archivo; las subidas funcionan, pero la duración y la miniatura de los vídeos quedarán vacías.',
    noDisponible: 'No se ha podido analizar el archivo: ffmpeg no está instalado en el servidor',
    danado: 'El archivo está dañado o no es un vídeo ni una imagen que se pueda leer',
    sinVideo: 'El archivo no contiene ninguna pista de vídeo',
    sinImagen: 'El archivo no contiene ninguna imagen',
    tiempoAgotado: (segundos: number) => `El análisis del archivo tardó más de ${segundos} s y se ha cancelado`,
    salidaExcesiva: 'El análisis del archivo produjo una respuesta demasiado grande y se ha cancelado',
    sinRecursos: 'El análisis del archivo necesitaba más memoria o más tiempo de proceso de los permitidos y se ha cancelado',
    dimensiones: (ancho: number, alto: number) => `El archivo declara unas dimensiones desmesuradas (${ancho}×${alto} píxeles): no se procesa`,
    tipoSinLector: (tipo: string) => `No se analiza un archivo de tipo «${tipo}»: solo vídeos MP4, MOV y WebM e imágenes JPEG, PNG y WebP`,
    sinMiniatura: 'No se ha podido sacar un fotograma del vídeo para la miniatura',
    nombreMiniatura: (video: string) => (video ? `Miniatura de ${video}` : 'Miniatura').slice(0, 255),
  },
  /** `npm run storage:check`: what storage and the database disagree on (a «fichero» is in storage, an «archivo» is its row). */
  comprobacion: {
    huerfanos: (n: number) => `${cuenta(n, 'fichero huérfano', 'ficheros huérfanos')} en el almacenamiento (sin ningún archivo que ${n === 1 ? 'lo' : 'los'} nombre):`,
    perdidos: (n: number) => `${cuenta(n, 'archivo listo', 'archivos listos')} sin su fichero en el almacenamiento:`,
    perdido: (id: number, ruta: string) => `archivo ${id}: ${ruta}`,
    rotas: (n: number) => `${cuenta(n, 'registro apunta', 'registros apuntan')} a una ruta sin archivo:`,
    rota: (e: Etiquetas, id: number, campo: string, ruta: string) => `${e.singular} ${id}, ${campo}: ${ruta}`,
    yMas: (n: number) => `… y ${n} más`,
    subidasHuerfanas: (n: number) =>
      `${cuenta(n, 'subida abandonada', 'subidas abandonadas')} en el almacenamiento (su archivo se borró o ya no ${n === 1 ? 'la' : 'las'} espera):`,
    borrados: (n: number) => `${n === 1 ? 'Borrado' : 'Borrados'} ${cuenta(n, 'fichero huérfano', 'ficheros huérfanos')}.`,
    subidasBorradas: (n: number) => `${n === 1 ? 'Borrada' : 'Borradas'} ${cuenta(n, 'subida abandonada', 'subidas abandonadas')}.`,
    arreglar: 'Para borrar los ficheros huérfanos y las subidas abandonadas (solo esos): npm run storage:check -- --fix',
    enOrden: (n: number) => `Todo en orden: ${cuenta(n, 'fichero', 'ficheros')} en el almacenamiento, cada uno con su archivo, y ninguna ruta sin archivo.`,
  },
};
