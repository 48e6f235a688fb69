import { describe, expect, it } from 'vitest';
import { readCapped } from '../../../../src/server/http/read-capped';

/** A stream of the given chunks that records whether the reader cancelled it. */
function chunked(parts: string[]) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[state.pulled++];
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('readCapped', () => {
  it('reads a body within the cap whole, multi-byte characters split across chunks included', async () => {
    const euro = new TextEncoder().encode('€');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x61, euro[0]!]));
        controller.enqueue(euro.slice(1));
        controller.close();
      },
    });
    expect(await readCapped(stream, 4)).toEqual({ text: 'a€', complete: true });
  });

  it('stops at the first chunk past the cap, cancels the stream and keeps what came before it', async () => {
    const { stream, state } = chunked(['abc', 'def', 'ghi', 'jkl']);
    expect(await readCapped(stream, 7)).toEqual({ text: 'abcdef', complete: false });
    expect(state.cancelled).toBe(true);
  });

  it('an empty stream is complete and empty', async () => {
    expect(await readCapped(chunked([]).stream, 0)).toEqual({ text: '', complete: true });
  });
});
