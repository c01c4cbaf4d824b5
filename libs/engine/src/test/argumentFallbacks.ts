/**
 * Finds code that supplies an argument's value the spec already supplies: a fallback (`??`, `||`, a destructuring
 * default) on a read of a command argument that
 * - decodeArgs always fills (its type, derived from the spec, cannot be undefined), so the fallback is dead and
 *   restates a default; or
 * - falls back to exactly the value the spec gives that argument as its default (`args.timeout_ms ?? 5000`, a
 *   `const DEFAULT_X = 5000` included: the type checker sees the literal).
 * An argument read is `x.key`, `x["key"]`, a reader call `f(args, "key")`, or a name bound from `{ key: name }`.
 */
import ts from "typescript"

/** The spec's defaults by snake_case argument key: which command's which flag has which default. */
export type SpecDefaults = ReadonlyMap<string, ReadonlyArray<{ readonly command: string; readonly flag: string; readonly value: unknown }>>

export interface Fallback {
  readonly file: string
  readonly line: number
  readonly text: string
  readonly why: string
}

const unwrap = (node: ts.Expression): ts.Expression => {
  let current = node
  while (ts.isParenthesizedExpression(current) || ts.isYieldExpression(current) || ts.isAwaitExpression(current) || ts.isNonNullExpression(current) || ts.isAsExpression(current)) {
    const inner: ts.Expression | undefined = current.expression
    if (inner === undefined) return current
    current = inner
  }
  return current
}

/** The argument key an expression reads, if it reads one. */
const keyRead = (checker: ts.TypeChecker, node: ts.Expression): string | undefined => {
  const expr = unwrap(node)
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text
  if (ts.isElementAccessExpression(expr) && ts.isStringLiteralLike(expr.argumentExpression)) return expr.argumentExpression.text
  if (ts.isCallExpression(expr) && expr.arguments.length >= 2 && ts.isStringLiteralLike(expr.arguments[1]!)) return expr.arguments[1].text
  if (ts.isIdentifier(expr)) {
    const declaration = checker.getSymbolAtLocation(expr)?.declarations?.[0]
    if (declaration !== undefined && ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
      const name = declaration.propertyName ?? declaration.name
      return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined
    }
  }
  return undefined
}

const NULLISH = ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown
const canBeAbsent = (type: ts.Type): boolean =>
  type.isUnion() ? type.types.some(canBeAbsent) : (type.flags & NULLISH) !== 0 || (type.flags & ts.TypeFlags.TypeParameter) !== 0

/** The single literal value a type stands for (`5000`, `"left"`, `true`), if it is one. */
const literalOf = (checker: ts.TypeChecker, type: ts.Type): { readonly value: unknown } | undefined => {
  if (type.isNumberLiteral() || type.isStringLiteral()) return { value: type.value }
  if ((type.flags & ts.TypeFlags.BooleanLiteral) !== 0) return { value: checker.typeToString(type) === "true" }
  return undefined
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const argumentFallbacks = (program: ts.Program, files: ReadonlyArray<string>, defaults: SpecDefaults): ReadonlyArray<Fallback> => {
  const checker = program.getTypeChecker()
  const found: Array<Fallback> = []
  for (const file of files) {
    const source = program.getSourceFile(file)
    if (source === undefined) throw new Error(`not in the program: ${file}`)
    const report = (node: ts.Node, why: string) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push({ file, line: line + 1, text: node.getText(source).replace(/\s+/g, " ").slice(0, 120), why })
    }
    /** `read` (typed `readType`) falls back to `fallback`. */
    const check = (node: ts.Node, key: string, readType: ts.Type | undefined, fallback: ts.Expression) => {
      const specified = defaults.get(key)
      if (specified === undefined) return
      if (readType !== undefined && !canBeAbsent(readType)) {
        report(node, `falls back although decodeArgs always fills ${key} (the spec's default)`)
        return
      }
      const literal = literalOf(checker, checker.getTypeAtLocation(fallback))
      const repeated = literal === undefined ? undefined : specified.find((entry) => same(entry.value, literal.value))
      if (repeated !== undefined) report(node, `repeats the spec's default of ${repeated.command} ${repeated.flag} (${JSON.stringify(repeated.value)})`)
    }
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
        const key = keyRead(checker, node.left)
        if (key !== undefined) check(node, key, checker.getTypeAtLocation(node.left), node.right)
      } else if (ts.isBindingElement(node) && node.initializer !== undefined && ts.isObjectBindingPattern(node.parent)) {
        const name = node.propertyName ?? node.name
        const key = ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined
        const holder = node.parent.parent
        const objectType = ts.isVariableDeclaration(holder) && holder.initializer !== undefined
          ? checker.getTypeAtLocation(holder.initializer)
          : ts.isParameter(holder) && holder.type !== undefined ? checker.getTypeAtLocation(holder.type) : undefined
        const property = key === undefined ? undefined : objectType?.getProperty(key)
        if (key !== undefined) check(node, key, property === undefined ? undefined : checker.getTypeOfSymbol(property), node.initializer)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

/** A program over `files` with the compiler options of `tsconfig` (the package's own). */
export const programOf = (tsconfig: string, files: ReadonlyArray<string>): ts.Program => {
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile)
  if (config.error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"))
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, tsconfig.replace(/[^/]+$/, ""))
  return ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true, composite: false, declaration: false, declarationMap: false } })
}
