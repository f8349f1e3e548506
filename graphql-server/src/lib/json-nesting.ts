/**
 * How deep the JSON of a request may nest (objects and arrays inside one another), on both doors:
 * REST bodies, GraphQL variables and extensions. Nothing the club reads nests past 4 levels (a
 * mutation's input holding a list; ASAAS's webhook events), so the limit leaves ample room. A 100 kB
 * body can nest 50,000 levels, which JSON.parse reads but recursive walks (JSON.stringify, logging,
 * validation) do not survive: from about 5,000 levels they ran out of stack and answered 500.
 */
export const JSON_NESTING_LIMIT = 20;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (`{"a":[1]}` nests 2).
 * It keeps its own list of what is left to visit, so no value can exhaust the call stack.
 */
export function nestsDeeperThan(value: unknown, limit = JSON_NESTING_LIMIT): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== "object") continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === "object") pending.push([child, depth + 1]);
    }
  }
  return false;
}
