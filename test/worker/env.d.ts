// The bindings the tests see through `env` from cloudflare:test are the Worker's own.
type WorkerEnv = import('../../worker/src/env.ts').Env

declare namespace Cloudflare {
  interface Env extends WorkerEnv {}
}
