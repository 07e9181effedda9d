/**
 * Appends `item` to the list at `lists[at]`, making that list on its first item as a one-slot
 * array: a list grown by push from `[]` holds 17 slots (about 150 bytes), which at one list per
 * step of a 200k-step graph was tens of MB the collector had to copy.
 */
export function appendAt<T>(lists: (T[] | undefined)[], at: number, item: T): void {
  const list = lists[at];
  if (list) list.push(item);
  else lists[at] = [item];
}
