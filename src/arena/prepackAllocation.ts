/**
 * Per-op knowledge of how a CPU kernel's PrePack takes memory (to move into the op registry,
 * src/ops/, when it lands). Most packs are made with `IAllocator::MakeUniquePtr(alloc, size,
 * use_reserve = true)` (`GemmPackBFp32` for MatMul and Gemm, the quantized MatMul base, the
 * attention and MatMulNBits packs): a `Reserve`, outside the arena's regions and bins, of exactly
 * the packed size. ConvTranspose's transposed filter is a plain `alloc->Alloc`
 * (`providers/cpu/nn/conv_transpose.cc`): a rounded chunk inside a region. Measured with the arena
 * oracle: a MatMul's 512-byte pack adds 512 bytes beside the 1 MiB region
 * (ort-probes/fusable.onnx); ConvTranspose's 432-byte filter copy adds a 512-byte chunk inside it
 * (onnx-onnx/pytorch-converted/test_ConvTranspose2d.onnx).
 */
const PLAIN_ALLOC_PACK_OPS = new Set<string>(['ConvTranspose']);

/** True when `opType` (in `domain`) allocates its packs as ordinary arena chunks rather than by Reserve. */
export function packUsesArenaChunk(opType: string, domain: string): boolean {
  const d = domain === 'ai.onnx' ? '' : domain;
  return PLAIN_ALLOC_PACK_OPS.has(d === '' ? opType : `${d}::${opType}`);
}
