/**
 * The strip's layout rule, shared by the strip (timeline-strip.tsx, loaded later) and the frame drawn while a
 * table opens (timeline-sketch.tsx, in the first chunk): both put the versions list beside the lanes only this
 * wide, so the outline's marks sit where the strip's lanes will draw them at any window width.
 */

/** Below this strip width the versions list is not beside the lanes but one click away (List). */
export const SIDE_LIST_MIN = 760;
