/**
 * Quantization ops: QuantizeLinear, DequantizeLinear (including int4), DynamicQuantizeLinear,
 * QLinearMatMul, MatMulInteger. QLinearConv and ConvInteger live with Conv in nn.ts.
 */
import { DataType } from '../../onnx/dataType';
import type { ShapeRule } from '../ruleContext';
import { matmulShape } from './nn';
import { input, out, sameAs } from './ruleKit';

/** The quantization rule table entries, keyed by op type (default domain). */
export const QUANT_RULES: Record<string, ShapeRule> = {
  QuantizeLinear: (ctx) => {
    const explicit = ctx.opset >= 21 ? ctx.int('output_dtype', 0) : 0;
    const dtype = explicit || input(ctx, 2)?.dtype || DataType.UINT8;
    return [out(dtype, sameAs(ctx, 0).shape)];
  },
  DequantizeLinear: (ctx) => {
    const explicit = ctx.opset >= 23 ? ctx.int('output_dtype', 0) : 0;
    const dtype = explicit || (ctx.opset >= 19 ? input(ctx, 1)?.dtype ?? null : DataType.FLOAT);
    return [out(dtype, sameAs(ctx, 0).shape)];
  },
  DynamicQuantizeLinear: (ctx) => [out(DataType.UINT8, sameAs(ctx, 0).shape), out(DataType.FLOAT, []), out(DataType.UINT8, [])],
  QLinearMatMul: (ctx) => [out(input(ctx, 7)?.dtype ?? null, matmulShape(input(ctx, 0)?.shape ?? null, input(ctx, 3)?.shape ?? null))],
  MatMulInteger: (ctx) => [out(DataType.INT32, matmulShape(input(ctx, 0)?.shape ?? null, input(ctx, 1)?.shape ?? null))],
};
