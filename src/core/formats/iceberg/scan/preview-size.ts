/** Files smaller than this are read whole (one request) even for a few rows (preview-read.ts; apart so that opening a table loads no reader, issue 17). */
export const PREVIEW_MIN_FILE_SIZE = 1 << 20;
