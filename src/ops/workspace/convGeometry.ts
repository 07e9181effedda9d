/**
 * Convolution geometry read from a node: batch, channels, groups, kernel, spatial sizes, strides,
 * dilations and whether any padding is applied (auto_pad resolved from the bound output dims).
 */
import { numel, SizeUnknown, type OpView } from './opView';

/** Everything the conv-family formulas need, all dims known. */
export interface ConvGeometry {
  /** Batch N. */
  batch: number;
  /** Input channels C (all groups). */
  inChannels: number;
  /** Output channels M (all groups). */
  outChannels: number;
  group: number;
  kernel: number[];
  inSpatial: number[];
  outSpatial: number[];
  strides: number[];
  dilations: number[];
  isPadFree: boolean;
  /** prod(output spatial). */
  outSize: number;
  /** prod(kernel). */
  kernelSize: number;
}

/**
 * Reads Conv/QLinearConv/ConvInteger geometry. `xIndex`/`wIndex` are the data and weight input
 * positions; the output spatial dims come from output 0 (already bound by shape inference).
 * `channelsLast`: X and Y are [N, spatial..., C] (W stays [M, C/group, kernel...]).
 */
export function readConvGeometry(v: OpView, xIndex: number, wIndex: number, channelsLast = false): ConvGeometry {
  const first = (d: number[]): number[] => (channelsLast && d.length >= 3 ? [d[0]!, d[d.length - 1]!, ...d.slice(1, -1)] : d);
  const x = first(v.dims(xIndex));
  const w = v.dims(wIndex);
  const y = first(v.outDims(0));
  if (x.length < 3 || w.length !== x.length || y.length !== x.length) {
    throw new SizeUnknown(`${v.label} needs matching ranks >= 3, got X rank ${x.length}, W rank ${w.length}`);
  }
  const rank = x.length - 2;
  const group = v.int('group', 1);
  const kernel = v.ints('kernel_shape') ?? w.slice(2);
  const strides = v.ints('strides') ?? new Array<number>(rank).fill(1);
  const dilations = v.ints('dilations') ?? new Array<number>(rank).fill(1);
  const inSpatial = x.slice(2);
  const outSpatial = y.slice(2);
  return {
    batch: x[0],
    inChannels: x[1],
    outChannels: w[0],
    group,
    kernel,
    inSpatial,
    outSpatial,
    strides,
    dilations,
    isPadFree: isPadFree(v, inSpatial, outSpatial, kernel, strides, dilations),
    outSize: numel(outSpatial),
    kernelSize: numel(kernel),
  };
}

/** True when the window's padding is zero on every spatial dim (the pads ORT derives for SAME included), from the attributes and the output size. */
export function isPadFree(v: OpView, inSpatial: number[], outSpatial: number[], kernel: number[], strides: number[], dilations: number[]): boolean {
  const autoPad = v.str('auto_pad', 'NOTSET');
  if (autoPad === 'VALID') return true;
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    // The total pad ORT derives for SAME is what makes the output size come out; zero iff none is needed.
    return inSpatial.every((n, d) => (outSpatial[d] - 1) * strides[d] + (kernel[d] - 1) * dilations[d] + 1 - n <= 0);
  }
  const pads = v.ints('pads');
  return pads === null || pads.every((p) => p === 0);
}
