// Run-time settings from /config.js (docs/arquitectura.md §8), so one build serves every environment.

interface AulaConfig {
  apiUrl?: string;
  productName?: string;
}

const fromServer: AulaConfig = (window as { AULA_CONFIG?: AulaConfig }).AULA_CONFIG ?? {};

export const config = {
  // Without a configured address the API is on the host the browser used, on its default port.
  apiUrl: (fromServer.apiUrl || `${window.location.protocol}//${window.location.hostname}:3000`).replace(/\/+$/, ''),
  productName: fromServer.productName || 'Aula',
};
