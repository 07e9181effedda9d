/**
 * Ops seen in real models that the project knows nothing about yet: custom-domain ops whose
 * kernels live outside ORT's CPU EP (onnxruntime-extensions), and ONNX preview ops. Each is listed
 * so that every op of the corpus has an entry saying what is missing and why; their outputs' sizes
 * are reported unavailable.
 */
import { op, type OpEntry } from './facets';

const unknown = (why: string): Omit<OpEntry, 'key' | 'domain' | 'opType'> => {
  const absent = { present: false, reason: why } as const;
  return { shape: absent, kernel: absent, fp16: absent, body: absent, workspace: { present: false, reason: 'no workspace formula' }, prepack: absent, arenaScratch: absent };
};

const EXTENSIONS = 'an onnxruntime-extensions custom op: its kernel is registered by that library, not by the CPU EP, and no facts about it are gathered';

export const EXTERNAL_OPS: readonly OpEntry[] = [
  op('ai.onnx.contrib', 'GPT2Tokenizer', unknown(EXTENSIONS)),
  op('com.microsoft.extensions', 'DecodeImage', unknown(EXTENSIONS)),
  op('com.microsoft.extensions', 'EncodeImage', unknown(EXTENSIONS)),
  op('ai.onnx.preview', 'FlexAttention', unknown('an ONNX preview op (ai.onnx.preview): no shape rule, kernel facts or formulas gathered yet')),
];
