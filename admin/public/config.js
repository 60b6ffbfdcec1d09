// Dev server only: in production the admin's static server answers /config.js with the API
// address and product name of its environment.
window.AULA_CONFIG = window.AULA_CONFIG || {};
