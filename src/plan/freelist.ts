/**
 * ORT's list of dead buffers (PlannerImpl's freelist_ in allocation_planner.cc): a root whose use
 * count reaches zero enters at the FRONT, and FindReusableTensor scans from the front, so the most
 * recently freed buffer is tried first. Stored reversed (front = last element), so a push is O(1).
 */

import type { ValuePlan } from './valuePlan';

/** A dead buffer: its root value and the step whose release freed it. */
export interface FreedBuffer {
  root: ValuePlan;
  freedAt: number;
}

/** The free list of one graph's plan (see file comment). */
export class Freelist {
  private readonly items: FreedBuffer[] = [];

  /** A root freed after step `freedAt` goes to the front. */
  push(root: ValuePlan, freedAt: number): void {
    this.items.push({ root, freedAt });
  }

  /** The first buffer from the front whose root `fits`, taken off the list; null when none does. */
  take(fits: (root: ValuePlan) => boolean): FreedBuffer | null {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const candidate = this.items[i]!;
      if (fits(candidate.root)) {
        this.items.splice(i, 1);
        return candidate;
      }
    }
    return null;
  }
}
