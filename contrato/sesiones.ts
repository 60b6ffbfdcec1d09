// What GET /cuenta/sesiones answers (api/src/auth/sessions.ts abiertas()).

/** One of an account's open sessions, as Mi cuenta lists them. */
export interface SesionAbierta {
  id: number;
  /** The browser's User-Agent when it logged in. */
  dispositivo: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
}
