import t from 'tap'
import { CompileLater } from '../../src/compile-later.js'
import { build } from '../helper.js'

/** A compiler that counts its compilations and makes a function doubling its argument. */
function counting() {
  const made: string[] = []
  const compiler = (name: string) => () => {
    made.push(name)
    const double = (n: number) => {
      double.errors = n < 0 ? [`${name}: negative`] : null
      return n * 2
    }
    double.errors = null as string[] | null
    return double
  }
  return { made, compiler }
}

t.test('a wrapped compiler compiles on the first call, once, and passes on the errors', async (t) => {
  const later = new CompileLater()
  const { made, compiler } = counting()
  const double = later.wrap(compiler('a')) as ((n: number) => number) & { errors?: unknown }
  t.same(made, [], 'nothing compiled yet')
  t.equal(double(2), 4)
  t.equal(double(-1), -2)
  t.same(double.errors, ['a: negative'], 'the compiled function’s errors, as Fastify reads them')
  t.same(made, ['a'], 'compiled once')
  t.same(await later.rest(), [], 'nothing left to compile')
  t.same(made, ['a'])
})

t.test('the rest compile on request, and a failure is returned, not thrown', async (t) => {
  const later = new CompileLater()
  const { made, compiler } = counting()
  const used = later.wrap(compiler('used'))
  later.wrap(compiler('b'))
  later.wrap(() => {
    throw new Error('bad schema')
  })
  later.wrap(compiler('c'))
  used(1)
  const failures = await later.rest()
  t.match(failures, [{ message: 'bad schema' }])
  t.same(made, ['used', 'b', 'c'], 'each one compiled once')
  t.same(await later.rest(), [], 'and nothing is left afterwards')
})

t.test('every schema the app declares compiles', async (t) => {
  const app = await build(t)
  await app.ready()
  t.same(await app.compileSchemas(), [])
  t.same(await app.compileSchemas(), [], 'and the second time finds none left')
})
