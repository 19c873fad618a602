import ts from "typescript";

/**
 * Every translation call of a program, found by type rather than by name: a call of
 * anything typed as i18next's `TFunction` or as one of our `Translate` types, however it
 * was reached (`t(…)`, `fixedT(lng, ns)(…)`, `shop.t(lng, ns)(…)`, `t()(…)`, a `t` passed
 * in as a parameter, a `t` destructured from an object). For each call it names the
 * keys it can ask for:
 * - a literal, or anything whose type is a union of literals (`cond ? "a" : "b"`);
 * - a template, expanded against the types of its parts (`status.${OrderStatus}` is six
 *   keys); a part of type `string` becomes a pattern some key must match;
 * - and the namespace: `ns:key` in the key, else the translator's own: from its type
 *   (`TFunction<"desk">`, as `useTranslation("desk")` gives) or from where it was made
 *   (`fixedT(lng, "desk")`, `shop.t(lng, "desk")`, `getFixedT(null, "desk")`).
 * A key that is none of these (a variable of type `string`) is reported as dynamic.
 */
export interface TranslationKey {
  /** `file:line` of the call. */
  at: string;
  /** Null when neither the key nor the translator names one. */
  namespace: string | null;
  /** An exact key, or for a template with free parts a pattern (`pages.*.title`). */
  key: string;
  /** True when `key` has `*` parts that stand for any one key segment or more. */
  pattern: boolean;
}

export interface TranslationCalls {
  keys: TranslationKey[];
  /** Calls whose key is not known before the program runs: `file: call`. */
  dynamic: string[];
}

/** i18next's TFunction, or a type alias of ours named Translate. */
function isTranslator(type: ts.Type): boolean {
  return [type.aliasSymbol?.name, type.getSymbol()?.name].some(
    (name) => name === "TFunction" || name === "Translate",
  );
}

/** `await x`, `(x)`, `x as T`, `x!`: the expression inside. */
function unwrap(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (
    ts.isAwaitExpression(inner) ||
    ts.isParenthesizedExpression(inner) ||
    ts.isAsExpression(inner) ||
    ts.isNonNullExpression(inner) ||
    ts.isSatisfiesExpression(inner)
  )
    inner = inner.expression;
  return inner;
}

function literalNamespace(argument: ts.Expression | undefined): string | null {
  if (!argument) return null;
  const inner = unwrap(argument);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isArrayLiteralExpression(inner) && inner.elements[0])
    return literalNamespace(inner.elements[0]);
  return null;
}

/**
 * Callees worth asking the type checker about: a name (`t`, `ownerT`, a parameter), a call
 * that returns a translator (`fixedT(lng, ns)`, `t()`), or a property named `t`
 * (`chat.t`). Asking about every method call would make the checker infer every receiver
 * (query builders, loader data), which costs as much as a full type check.
 */
function mayTranslate(callee: ts.Expression): boolean {
  const inner = unwrap(callee);
  return (
    ts.isIdentifier(inner) ||
    ts.isCallExpression(inner) ||
    (ts.isPropertyAccessExpression(inner) && inner.name.text === "t")
  );
}

export function findTranslationCalls(
  program: ts.Program,
  options: {
    /** Which of the program's files to read. */
    include(fileName: string): boolean;
    /** Where paths are shown from. */
    root: string;
    /** The namespace of `useTranslation()` without one. */
    defaultNamespace: string;
  },
): TranslationCalls {
  const checker = program.getTypeChecker();
  const keys: TranslationKey[] = [];
  const dynamic: string[] = [];

  /** The namespace a translator type was made for, when the type says (`TFunction<"desk">`). */
  function namespaceFromType(type: ts.Type): string | null {
    const reference =
      type.flags & ts.TypeFlags.Object &&
      (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
    if (!reference) return null;
    const [first] = checker.getTypeArguments(type as ts.TypeReference);
    if (!first) return null;
    const candidate = checker.isTupleType(first)
      ? checker.getTypeArguments(first as ts.TypeReference)[0]
      : first;
    if (!candidate?.isStringLiteral()) return null;
    // "translation" is i18next's default when nothing was said.
    return candidate.value === "translation" ? null : candidate.value;
  }

  /** Where a translator expression was made, followed back through variables and calls. */
  function namespaceFromOrigin(
    expression: ts.Expression,
    seen = new Set<ts.Node>(),
  ): string | null {
    const inner = unwrap(expression);
    if (seen.has(inner)) return null;
    seen.add(inner);
    if (ts.isCallExpression(inner)) {
      // fixedT(lng, ns), shop.t(lng, ns), getFixedT(lng, ns): the namespace comes second.
      const named = literalNamespace(inner.arguments[1]);
      if (named) return named;
      // `t()` where `const t = () => fixedT(…)`: follow the function.
      return namespaceFromOrigin(inner.expression, seen);
    }
    if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))
      return namespaceFromBody(inner.body, seen);
    if (ts.isIdentifier(inner)) {
      const symbol = checker.getSymbolAtLocation(inner);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      if (!declaration) return null;
      if (ts.isVariableDeclaration(declaration) && declaration.initializer)
        return namespaceFromOrigin(declaration.initializer, seen);
      if (ts.isFunctionDeclaration(declaration) && declaration.body)
        return namespaceFromBody(declaration.body, seen);
      if (ts.isBindingElement(declaration)) {
        // const { t } = useTranslation("desk")
        let holder: ts.Node = declaration.parent;
        while (ts.isObjectBindingPattern(holder) || ts.isBindingElement(holder))
          holder = holder.parent;
        if (ts.isVariableDeclaration(holder) && holder.initializer) {
          const made = unwrap(holder.initializer);
          if (ts.isCallExpression(made) && made.expression.getText() === "useTranslation")
            return literalNamespace(made.arguments[0]) ?? options.defaultNamespace;
        }
      }
    }
    return null;
  }

  /** What a function that makes a translator returns: its expression body or a `return`. */
  function namespaceFromBody(body: ts.ConciseBody, seen: Set<ts.Node>): string | null {
    if (!ts.isBlock(body)) return namespaceFromOrigin(body, seen);
    let found: string | null = null;
    const visit = (node: ts.Node) => {
      if (found) return;
      if (ts.isReturnStatement(node) && node.expression)
        found = namespaceFromOrigin(node.expression, seen);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return found;
  }

  /** The keys a key argument can be: literals, expansions, or patterns; null for dynamic. */
  function keysOf(argument: ts.Expression): Array<{ key: string; pattern: boolean }> | null {
    const type = checker.getTypeAtLocation(argument);
    const literals = (type.isUnion() ? type.types : [type]).map((part) =>
      part.isStringLiteral() ? part.value : null,
    );
    if (literals.every((value): value is string => value !== null))
      return literals.map((key) => ({ key, pattern: false }));
    const inner = unwrap(argument);
    if (!ts.isTemplateExpression(inner)) return null;
    let built: Array<{ key: string; pattern: boolean }> = [
      { key: inner.head.text, pattern: false },
    ];
    for (const span of inner.templateSpans) {
      const spanType = checker.getTypeAtLocation(span.expression);
      const parts = (spanType.isUnion() ? spanType.types : [spanType]).map((part) =>
        part.isStringLiteral() || part.isNumberLiteral() ? String(part.value) : null,
      );
      const values = parts.every((value): value is string => value !== null) ? parts : null;
      built = built.flatMap(({ key, pattern }) =>
        values
          ? values.map((value) => ({ key: `${key}${value}${span.literal.text}`, pattern }))
          : [{ key: `${key}*${span.literal.text}`, pattern: true }],
      );
    }
    return built;
  }

  for (const source of program.getSourceFiles()) {
    if (!options.include(source.fileName)) continue;
    const path = source.fileName.slice(options.root.length).replace(/^\//, "");
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        mayTranslate(node.expression) &&
        isTranslator(checker.getTypeAtLocation(node.expression))
      ) {
        const at = `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const [argument] = node.arguments;
        const found = argument ? keysOf(argument) : null;
        if (!found) dynamic.push(`${path}: ${node.getText(source)}`);
        else {
          const own =
            namespaceFromType(checker.getTypeAtLocation(node.expression)) ??
            namespaceFromOrigin(node.expression);
          for (const { key, pattern } of found) {
            const split = key.indexOf(":");
            keys.push(
              split >= 0
                ? { at, namespace: key.slice(0, split), key: key.slice(split + 1), pattern }
                : { at, namespace: own, key, pattern },
            );
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, dynamic };
}
