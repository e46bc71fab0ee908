/** The files of the package the build writes into dist/, by their names there. */
export const SHIPPED: readonly string[];
/** Writes the two bundles and their licence notices into `outDir`. */
export function bundles(outDir: string): Promise<void>;
