/** A body read up to a size cap: its text, and whether it ended within the cap. */
export interface CappedText {
  text: string;
  /** False when the body went past `maxBytes`: the stream was cancelled and `text` holds the chunks before it. */
  complete: boolean;
}

/**
 * Reads a byte stream as UTF-8 text, at most `maxBytes` of it: past the cap it cancels the stream
 * (the sender is not waited for) instead of buffering whatever a client or a remote site sends.
 */
export async function readCapped(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<CappedText> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { text: Buffer.concat(chunks).toString('utf8'), complete: false };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), complete: true };
}
