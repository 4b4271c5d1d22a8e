/** Iceberg metadata tables as Arrow (filled in below). */
export {};
