/**
 * The places a listener with a cap (`maxViewers`) has for read-only sockets.
 * A place is taken when a socket is let in and given back when that very
 * socket leaves, once: a socket turned away never held one, so its closing
 * gives nothing back, whatever its role or how it goes.
 */
export class ViewerSeats {
  private taken = 0;

  constructor(private readonly most: number | null) {}

  /** A place for a socket being let in, or null when every place is taken. Give it back when that socket leaves. */
  take(): { leave: () => void } | null {
    if (this.most !== null && this.taken >= this.most) return null;
    this.taken++;
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        this.taken--;
      },
    };
  }

  /** Places taken now. */
  get count(): number {
    return this.taken;
  }
}
