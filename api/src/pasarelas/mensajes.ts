// The texts of the payment gateways' notifications (api/src/pasarelas).
// A page of the catalogue (api/src/mensajes.ts lists every page): code reads it through the index.

export const mensajesPasarelas = {
  pasarelas: {
    sinConfigurar: (pasarela: string) => `${pasarela} no está configurado en este servidor: no se acepta ninguna notificación suya`,
    firmaStripe: 'La firma del evento (Stripe-Signature) no es válida o ha caducado: no se ha leído ni cambiado nada',
    cuerpoVacio: 'La notificación llegó sin cuerpo',
    // What the contable reads of each event (notificaciones.motivo).
    yaCompletado: 'El pago ya estaba completado: nada que cambiar',
    completado: (facturado: boolean) => (facturado ? 'Pago completado y facturado' : 'Pago completado'),
    creado: (facturado: boolean) => (facturado ? 'Pago nuevo, completado y facturado' : 'Pago nuevo, completado'),
    sinUsuario: 'El evento no dice de quién es el pago: ni metadata.aula_usuario con un usuario que exista, ni un email del cliente',
    sinPago: 'No hay ningún pago con esa referencia',
    fallido: (motivo: string | null) => (motivo ? `Pago fallido: ${motivo}` : 'Pago fallido'),
    fallidoTarde: 'El pago ya estaba completado: un intento fallido anterior no lo deshace',
    reembolsos: (n: number) => (n === 0 ? 'Ningún reembolso nuevo: ya estaban todos registrados' : n === 1 ? 'Un reembolso registrado' : `${n} reembolsos registrados`),
    motivoReembolso: (razon: string | null) => `Reembolso hecho en Stripe${razon ? ` (${razon})` : ''}`,
    disputa: (razon: string | null) => `El cliente ha abierto una disputa con su banco${razon ? ` (${razon})` : ''}: el pago queda marcado «en disputa»`,
    sesionSinCobrar: 'La sesión de pago aún no está cobrada: se espera su aviso de cobro',
    tipoDesconocido: 'Tipo de evento que Aula no usa: recibido y guardado, sin cambios',
    clienteSinNombre: 'Cliente de la tienda',
  },
};
