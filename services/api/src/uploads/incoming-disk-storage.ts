import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { WriteStream } from 'node:fs';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { makeDirectory } from '#platform/storage/local-file-storage.js';
import { storageRefusal } from './storage-refusal.js';
import { MAX_IMAGE_BYTES } from './upload-limits.js';

/** What the image routes receive: a file on disk, never its bytes in memory. */
export interface IncomingFile {
  /** The received bytes, in INCOMING_DIR; removed when the response is done. */
  path: string;
  size: number;
}

/** The re-encoded image is written beside the received one, and goes with it. */
export const encodedPathOf = (incoming: string) => `${incoming}.out`;

/**
 * A multer storage engine that streams each file part to a file in the incoming folder as it
 * arrives: memory holds a few 64 KB chunks per upload whatever its size, and a body past the
 * size limit is cut off by busboy while streaming (multer then removes the part file). The
 * guard runs before the first byte is written, so a full disk or quota costs no write at all.
 *
 * The file (and its re-encoded sibling) is removed when the response ends, whatever happened:
 * a refused image, a crash of the handler, or a client gone midway. What was kept had been
 * renamed into the store before that.
 */
export class IncomingDiskStorage implements StorageEngine {
  constructor(
    private readonly dir: string,
    private readonly guard: { check(bytes: number): Promise<() => void> },
  ) {}

  _handleFile(req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    this.receive(req, file.stream).then((info) => callback(null, info), callback);
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    removeIncoming(file.path).then(() => callback(null), callback);
  }

  private async receive(req: Request, stream: NodeJS.ReadableStream): Promise<IncomingFile> {
    // The request's length is what this upload may add; one part cannot be more than the limit.
    const declared = Number(req.headers?.['content-length']);
    const bytes = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, MAX_IMAGE_BYTES) : MAX_IMAGE_BYTES;
    let release: () => void;
    try {
      release = await this.guard.check(bytes);
    } catch (error) {
      stream.resume(); // drain the part so busboy can finish the request
      throw error;
    }
    const target = path.join(this.dir, `${randomUUID()}.part`);
    // Until the answer is out: by then a kept image is counted in the folder's size.
    req.res?.once('close', () => {
      release();
      void removeIncoming(target);
    });
    if (!req.res) release();
    try {
      await makeDirectory(this.dir);
      const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
      await writeThrough(stream, out);
      return { path: target, size: out.bytesWritten };
    } catch (error) {
      stream.resume();
      await removeIncoming(target);
      throw storageRefusal(error) ?? error;
    }
  }
}

export async function removeIncoming(file: string | undefined): Promise<void> {
  if (!file) return;
  await Promise.all([rm(file, { force: true }), rm(encodedPathOf(file), { force: true })]).catch(() => undefined);
}

/**
 * The part's bytes into the file with back-pressure (pipe pauses the part while the disk is
 * slower). Not stream.pipeline: it would destroy the part with a disk error, and multer, which
 * listens to the part, would then answer that raw error before this engine could name it.
 */
function writeThrough(part: NodeJS.ReadableStream, out: WriteStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    out.once('error', (error) => {
      part.unpipe(out);
      reject(error);
    });
    part.once('error', (error) => {
      out.destroy();
      reject(error);
    });
    out.once('finish', resolve);
    part.pipe(out);
  });
}
