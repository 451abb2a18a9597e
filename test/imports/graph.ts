/**
 * The project's import graph, read from the source as TypeScript parses it: every file of packages/,
 * worker/ and app/ (tests too; nothing imports one, so they close no loop), each import, re-export and
 * dynamic `import()` resolved to the file it names (a workspace package through its `exports`). An
 * `import type` or `export type` is marked so: it is erased from the JavaScript, but it still ties the files.
 *
 * `npx tsx test/imports/graph.ts` prints the import cycles, the imports from the engine up into a system
 * and the protocol's imports of the rules at run time; `imports.test.ts` holds each at none (but the one
 * import up that it lists).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SOURCES = ['packages', 'worker', 'app']
const SKIP = new Set(['node_modules', 'dist', '.wrangler'])

/** One import of a file: the file it names (from the project's root) and whether it names types only. */
export interface Import {
  from: string
  to: string
  typeOnly: boolean
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/** The workspace packages by name, each with the files its `exports` map give (`@fray/protocol/seal`). */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>()
  for (const dir of ['packages', '.'].flatMap((d) =>
    readdirSync(join(ROOT, d)).map((n) => join(ROOT, d, n)),
  )) {
    const manifest = join(dir, 'package.json')
    if (!existsSync(manifest)) continue
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string
      exports?: Record<string, string>
    }
    if (!name?.startsWith('@fray/') || !exports) continue
    for (const [sub, file] of Object.entries(exports))
      if (typeof file === 'string') entries.set(join(name, sub), resolve(dir, file))
  }
  return entries
}

function resolveFile(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

/**
 * Whether an import or export declaration is erased from the JavaScript: `import type`, `export type`.
 * Under `verbatimModuleSyntax` (tsconfig.base.json) `import { type A }` is not: it stays as `import {}`.
 */
function namesTypesOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  return ts.isExportDeclaration(node) ? node.isTypeOnly : node.importClause?.isTypeOnly === true
}

/** The specifiers a file imports, each with whether it names types only. */
function specifiersOf(path: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const out: Array<{ specifier: string; typeOnly: boolean }> = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier))
        out.push({ specifier: node.moduleSpecifier.text, typeOnly: namesTypesOnly(node) })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, typeOnly: false })
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({ specifier: node.argument.literal.text, typeOnly: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** Every import between the project's own files, paths from the project's root. */
export function importGraph(): Import[] {
  const packages = workspaceEntries()
  const edges: Import[] = []
  for (const path of SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    for (const { specifier, typeOnly } of specifiersOf(path)) {
      const target = specifier.startsWith('.')
        ? resolveFile(resolve(dirname(path), specifier))
        : (packages.get(specifier) ?? null)
      if (target) edges.push({ from: relative(ROOT, path), to: relative(ROOT, target), typeOnly })
    }
  }
  return edges
}

/**
 * The import cycles: each set of files that reach one another through imports (a strongly connected
 * component of two files or more, or a file that imports itself), its files sorted.
 */
export function importCycles(edges: readonly Import[]): string[][] {
  const next = new Map<string, string[]>()
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to])
  // Tarjan's algorithm, with an explicit stack so a long chain of imports cannot overflow the call stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let counter = 0
  for (const start of next.keys()) {
    if (index.has(start)) continue
    const work: Array<{ file: string; at: number }> = [{ file: start, at: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const top = work[work.length - 1] as { file: string; at: number }
      const targets = next.get(top.file) ?? []
      if (top.at < targets.length) {
        const to = targets[top.at++] as string
        if (!index.has(to)) {
          index.set(to, counter)
          low.set(to, counter++)
          stack.push(to)
          onStack.add(to)
          work.push({ file: to, at: 0 })
        } else if (onStack.has(to)) {
          low.set(top.file, Math.min(low.get(top.file) as number, index.get(to) as number))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.file, Math.min(low.get(parent.file) as number, low.get(top.file) as number))
      if (low.get(top.file) !== index.get(top.file)) continue
      const component: string[] = []
      let file: string | undefined
      do {
        file = stack.pop() as string
        onStack.delete(file)
        component.push(file)
      } while (file !== top.file)
      if (component.length > 1 || targets.includes(top.file)) cycles.push(component.sort())
    }
  }
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

const RULES = 'packages/rules/src/'
/** The engine every system builds on: the dice and the table. */
const ENGINE = [`${RULES}dice/`, `${RULES}engine/`]
const SYSTEMS = `${RULES}systems/`

/** Imports from the engine (dice/, engine/) up into the systems, tests of the engine included. */
export function upwardImports(edges: readonly Import[]): Import[] {
  return edges.filter((e) => ENGINE.some((dir) => e.from.startsWith(dir)) && e.to.startsWith(SYSTEMS))
}

/** The protocol's imports of the rules that are not erased: the schema holds no game logic. */
export function protocolRuleImports(edges: readonly Import[]): Import[] {
  return edges.filter((e) => e.from.startsWith('packages/protocol/') && e.to.startsWith(RULES) && !e.typeOnly)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const edges = importGraph()
  const files = new Set(edges.flatMap((e) => [e.from, e.to]))
  const all = importCycles(edges)
  const running = importCycles(edges.filter((e) => !e.typeOnly))
  const line = (e: Import) => `  ${e.from} -> ${e.to}${e.typeOnly ? ' (types)' : ''}`
  console.log(`${edges.length} imports between ${files.size} files of ${SOURCES.join('/, ')}/`)
  console.log(`import cycles: ${all.length} (${running.length} of them at run time)`)
  for (const cycle of all) console.log(`  ${cycle.join(' <-> ')}`)
  const up = upwardImports(edges)
  console.log(`imports from the engine (dice/, engine/) up into the systems: ${up.length}`)
  for (const e of up) console.log(line(e))
  const protocol = protocolRuleImports(edges)
  console.log(`the protocol's imports of the rules at run time: ${protocol.length}`)
  for (const e of protocol) console.log(line(e))
}
