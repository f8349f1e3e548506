import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/**
 * Refuses operations nested deeper than maxDepth or selecting more than maxFields fields in total
 * (fragments expanded), so one request cannot make the server walk an unbounded tree.
 */
export function operationLimitsRule(maxDepth: number, maxFields: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const measure = (set: SelectionSetNode, depth: number, seen: Set<string>): { depth: number; fields: number } => {
      let deepest = depth;
      let fields = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          fields += 1;
          if (selection.selectionSet) {
            const inner = measure(selection.selectionSet, depth + 1, seen);
            deepest = Math.max(deepest, inner.depth);
            fields += inner.fields;
          } else {
            deepest = Math.max(deepest, depth + 1);
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const inner = measure(selection.selectionSet, depth, seen);
          deepest = Math.max(deepest, inner.depth);
          fields += inner.fields;
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (!fragment || seen.has(name)) continue; // unknown or cyclic: the standard rules report it
          const inner = measure(fragment.selectionSet, depth, new Set(seen).add(name));
          deepest = Math.max(deepest, inner.depth);
          fields += inner.fields;
        }
        if (fields > maxFields || deepest > maxDepth) break;
      }
      return { depth: deepest, fields };
    };
    return {
      OperationDefinition(operation) {
        const { depth, fields } = measure(operation.selectionSet, 0, new Set());
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`Consulta aninhada demais (profundidade ${depth}, máximo ${maxDepth})`, { nodes: [operation] }));
        } else if (fields > maxFields) {
          context.reportError(new GraphQLError(`Consulta grande demais (mais de ${maxFields} campos)`, { nodes: [operation] }));
        }
      },
    };
  };
}
