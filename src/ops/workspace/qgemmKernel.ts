/**
 * Which MLAS quantized-GEMM kernel ORT 1.30 picks on this machine, as far as it changes a packed
 * B's size. MLAS (core/mlas/lib/platform.cpp) routes u8·s8 GEMMs to its AMX kernel when the CPU has
 * AMX-TILE and AMX-INT8 and the OS lets the process use the tiles; that kernel packs K in blocks of
 * 64 bytes, where the AVX2 and AVX-512 kernels pack 4. u8·u8 keeps its AVX2/AVX-512 kernel and
 * packs 2 (measured: the generated qdq_cnn_u8 model holds the same packs on both machines). Measured
 * on ORT 1.30: on a Xeon with AMX the generated q_attention, qdq_cnn_s8 and dynamic_quantize_lstm
 * models hold 6,144, 1,088 and 19,328 B more packed weights than on an EPYC, exactly the K padding
 * to 64. Read from /proc/cpuinfo's flags (Linux lists amx_tile and amx_int8 only where the kernel
 * supports them); elsewhere the AVX2/AVX-512 sizes are assumed.
 */
import { DataType } from '../../onnx/dataType';
import { machineCpuFlags } from '../machineCpu';

/** True when MLAS would use its AMX int8 kernel on this machine (Linux x64 with amx_tile and amx_int8). */
export function machineHasAmxInt8(): boolean {
  const flags = machineCpuFlags();
  return flags !== null && flags.has('amx_tile') && flags.has('amx_int8');
}

/**
 * The machine-dependent kernel a pack's size assumes, for the session label: u8·s8 packs follow the
 * CPU (AMX or not); u8·u8 packs are the same on every x64 kernel, so they name none (null).
 */
export function qgemmKernelLabel(aType: number | null, bType: number | null): string | null {
  if (aType !== DataType.UINT8 || bType !== DataType.INT8) return null;
  if (machineHasAmxInt8()) return 'u8·s8 GEMM packs of the AMX kernel (K padded to 64)';
  return machineCpuFlags() === null
    ? "u8·s8 GEMM packs of the AVX2/AVX-512 kernels (K padded to 4; this CPU's flags are unknown)"
    : 'u8·s8 GEMM packs of the AVX2/AVX-512 kernels (K padded to 4)';
}

/**
 * True on an x64 Linux machine whose flags are known and lack avx_vnni_int8: a signed A's GEMM packs
 * no B. MLAS (platform.cpp) has an x64 s8 GEMM dispatch with packing only on CPUs with
 * AVX-VNNI-INT8; elsewhere MlasGemmPackBSize gives 0 and PrePack keeps B as it is. Measured on ORT
 * 1.30 on a Xeon with AMX and AVX-VNNI but not AVX-VNNI-INT8: MatMulInteger, QLinearMatMul, QGemm
 * and MatMulIntegerToFloat with s8·s8 hold no pack (only their small initializers).
 */
function signedAPacksNothing(): boolean {
  const flags = machineCpuFlags();
  return flags !== null && !flags.has('avx_vnni_int8');
}

/**
 * MLAS QGEMM PackedK for A's and B's element types: u8·s8 64 on AMX, else 4; u8·u8 2; 0 for a
 * signed A where MLAS packs nothing (see above); null for other pairs (not modelled).
 */
export function qgemmPackedKFor(aType: number | null, bType: number | null): number | null {
  if (aType === DataType.INT8 && (bType === DataType.INT8 || bType === DataType.UINT8)) return signedAPacksNothing() ? 0 : null;
  if (aType !== DataType.UINT8) return null;
  if (bType === DataType.UINT8) return 2;
  if (bType === DataType.INT8) return machineHasAmxInt8() ? 64 : 4;
  return null;
}
