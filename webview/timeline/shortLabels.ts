/**
 * Row labels that fit the gutter and stay distinct: a long name loses its middle, not its end
 * (`/model/layers.11/attn/…/MatMul_output_0`), since exporters' names share long prefixes and
 * differ at the end; labels that would still collide keep the part where they differ.
 */

/** `text` in at most `maxChars` characters, its middle replaced by '…' (the end keeps the larger share). */
export function shortenMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 1) return '…';
  const keep = maxChars - 1;
  const head = Math.floor(keep * 0.4);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** `text` in at most `maxChars`, keeping [from, to) (where it differs from a label it would collide with) with what fits around it. */
function shortenAround(text: string, from: number, to: number, maxChars: number): string {
  const budget = maxChars - 2;
  const width = Math.min(to - from, Math.max(1, Math.floor(budget / 2)));
  const rest = Math.max(0, budget - width);
  const head = Math.min(from, Math.ceil(rest / 2));
  const tail = Math.min(text.length - (from + width), rest - head);
  const mid = text.slice(from, from + width);
  return `${text.slice(0, head)}${head < from ? '…' : ''}${mid}${from + width < text.length - tail ? '…' : ''}${text.slice(text.length - tail)}`;
}

/**
 * Short labels for `labels`, each at most `maxChars`: middle-shortened, and where two different
 * labels would read the same, each keeps the part where its group differs. Linear in the labels.
 */
export function distinctShortLabels(labels: readonly string[], maxChars: number): string[] {
  const out = labels.map((l) => shortenMiddle(l, maxChars));
  const groups = new Map<string, number[]>();
  out.forEach((s, i) => {
    if (s === labels[i]) return;
    const g = groups.get(s);
    if (g) g.push(i);
    else groups.set(s, [i]);
  });
  for (const [, idx] of groups) {
    const distinct = new Set(idx.map((i) => labels[i]!));
    if (distinct.size < 2) continue;
    // The common prefix and suffix of the group; what lies between is what tells them apart.
    const texts = idx.map((i) => labels[i]!);
    let prefix = 0;
    while (texts.every((t) => prefix < t.length && t[prefix] === texts[0]![prefix])) prefix++;
    let suffix = 0;
    while (texts.every((t) => suffix < t.length - prefix && t[t.length - 1 - suffix] === texts[0]![texts[0]!.length - 1 - suffix])) suffix++;
    for (const i of idx) {
      const t = labels[i]!;
      out[i] = shortenAround(t, prefix, Math.max(prefix + 1, t.length - suffix), maxChars);
    }
  }
  return out;
}
