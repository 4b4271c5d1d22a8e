/** Pure helpers of the story page (issue 20). The story's steps and tables come from the worker (storyPlan). */

/** The file name of a storage key (the last path segment). */
export const fileName = (key: string): string => key.split('/').pop() || key;

/** The step index after a key press (←/→, Home/End), or undefined when the key does not move. */
export function stepAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowLeft') return index > 0 ? index - 1 : undefined;
  if (key === 'ArrowRight') return index < count - 1 ? index + 1 : undefined;
  if (key === 'Home') return index !== 0 ? 0 : undefined;
  if (key === 'End') return index !== count - 1 ? count - 1 : undefined;
  return undefined;
}

/** The commit of a table made at the step's time (every format commits a step at the same instant). */
export function commitAt<C extends { readonly timestampMs?: number }>(commits: readonly C[] | undefined, stepAt: string): C | undefined {
  const at = Date.parse(stepAt);
  return commits?.find((c) => c.timestampMs === at);
}
