/** Compresses every compressible file under `dir` (brotli 11, written beside it as `.br`); returns how many copies were written. */
export function precompressStatic(dir: string): number;
