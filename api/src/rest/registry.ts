// The engine serves whatever entities it is handed and never imports them: the list lives in
// resources/, the app passes it here, and each resource learns the registry it belongs to, so a
// relation (`pagos.usuario` → usuarios) is resolved from the resource that names it.
import type { Registry, Resource } from '../base/types.js';

export type { Registry };

export function createRegistry(resources: Record<string, Resource>): Registry {
  const registry: Registry = {
    resources,
    get(name) {
      const r = Object.hasOwn(resources, name) ? resources[name] : undefined;
      if (!r) throw new Error(`Unknown resource ${name}`);
      return r;
    },
    referencesTo: (name) =>
      Object.values(resources).flatMap((resource) =>
        Object.entries(resource.fields)
          .filter(([, f]) => f.references === name)
          .map(([field]) => ({ resource, field })),
      ),
    fileHolders: () =>
      Object.values(resources).flatMap((resource) =>
        resource.name === 'archivos'
          ? []
          : Object.entries(resource.fields)
              .filter(([, f]) => f.archivo)
              .map(([field]) => ({ resource, field })),
      ),
  };
  for (const r of Object.values(resources)) r.registry = registry;
  return registry;
}

export function registryOf(resource: Resource): Registry {
  if (!resource.registry) throw new Error(`Resource ${resource.name} belongs to no registry`);
  return resource.registry;
}
