// The header the admin puts on a check nobody asked for (a poll in the background). The API
// answers it as any other but does not count it as activity: otherwise a tab left open would keep
// its session alive for ever and the idle timeout would never come. Shared with the admin.
export const SEGUNDO_PLANO = 'aula-segundo-plano';
