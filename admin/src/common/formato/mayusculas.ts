/** For codes the API only accepts in capitals (país, moneda): typed 'es' is stored 'ES'. */
export const mayusculas = (value: string | null | undefined) => (value ? value.toUpperCase() : null);
