/** MLAS packed-weight sizes (x86-64, AVX2/AVX-512 kernels) used by the prepack table. */
import { roundUp } from './opView';

/** MLAS buffer alignment for packed matrices, in bytes. */
const PACK_ALIGN_BYTES = 64;
/** MLAS pads packed B columns (N) to a multiple of 16. */
const PACK_N_ALIGN = 16;

/** fp32 packed-B bytes `round64(round16(N)·K·4)` (core/mlas/lib/sgemm.cpp). */
export function packedSgemmBBytes(n: number, k: number): number {
  return roundUp(roundUp(n, PACK_N_ALIGN) * k * 4, PACK_ALIGN_BYTES);
}

/**
 * Quantized packed-B bytes `round64(round16(N)·4 + round16(N)·roundK(K))`: int32 column sums plus
 * the bytes with K padded to the kernel's PackedK (core/mlas/lib/qgemm.cpp).
 */
export function packedQgemmBBytes(n: number, k: number, packedK: number): number {
  const alignedN = roundUp(n, PACK_N_ALIGN);
  return roundUp(alignedN * 4 + alignedN * roundUp(k, packedK), PACK_ALIGN_BYTES);
}
