// A check that throws, as a Fastify hook that answers through `done`. An async hook costs every
// request a promise and a turn of the microtask queue, for checks that never wait for anything.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export function sincrono(check: (request: FastifyRequest) => void) {
  return function gancho(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    try {
      check(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };
}
