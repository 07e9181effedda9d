/**
 * ORT's list of dead buffers (PlannerImpl's freelist_ in allocation_planner.cc): a root whose use
 * count reaches zero enters at the FRONT, and FindReusableTensor scans from the front, so the most
 * recently freed buffer is tried first. Stored reversed (front = last element), so a push is O(1);
 * roots are ortIndexes, kept beside the step that freed them in two number lists.
 */

/** A dead buffer: its root's ortIndex and the step whose release freed it. */
export interface FreedBuffer {
  root: number;
  freedAt: number;
}

/** The free list of one graph's plan (see file comment). */
export class Freelist {
  private readonly roots: number[] = [];
  private readonly freedAt: number[] = [];

  /** A root freed after step `freedAt` goes to the front. */
  push(root: number, freedAt: number): void {
    this.roots.push(root);
    this.freedAt.push(freedAt);
  }

  /** The first buffer from the front whose root `fits`, taken off the list; null when none does. */
  take(fits: (root: number) => boolean): FreedBuffer | null {
    for (let i = this.roots.length - 1; i >= 0; i--) {
      const root = this.roots[i]!;
      if (fits(root)) {
        const freedAt = this.freedAt[i]!;
        this.roots.splice(i, 1);
        this.freedAt.splice(i, 1);
        return { root, freedAt };
      }
    }
    return null;
  }
}
