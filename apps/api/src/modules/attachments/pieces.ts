import { CHUNK_SIZE } from './store';

/** Bytes waiting to become a CHUNK_SIZE piece. */
export class Pieces {
  private parts: Buffer[] = [];
  private length = 0;

  constructor(private readonly write: (piece: Buffer) => Promise<void>) {}

  async push(data: Buffer): Promise<void> {
    this.parts.push(data);
    this.length += data.length;
    if (this.length >= CHUNK_SIZE) await this.flush(false);
  }

  /** Writes every full piece; with `final`, the shorter last one too. */
  async flush(final: boolean): Promise<void> {
    let all = Buffer.concat(this.parts, this.length);
    while (all.length >= CHUNK_SIZE) {
      await this.write(all.subarray(0, CHUNK_SIZE));
      all = all.subarray(CHUNK_SIZE);
    }
    if (final && all.length > 0) {
      await this.write(all);
      all = all.subarray(all.length);
    }
    // The short rest is copied, so the piece just written is not kept alive by it.
    this.parts = all.length > 0 ? [Buffer.from(all)] : [];
    this.length = all.length;
  }
}
