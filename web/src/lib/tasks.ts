/**
 * Resolves in a task of its own (a macrotask), so the phone can answer a tap and paint before what
 * follows runs: Lighthouse counts every task over 50 ms as blocking (issue 14).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
