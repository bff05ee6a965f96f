/** Where uploaded images live. Keys are relative paths chosen by the server, never by the client. */
export interface FileStorage {
  save(key: string, content: Buffer): Promise<void>;
  /**
   * Moves a finished file of the same file system in under `key` (a rename: the bytes are never
   * read into memory). How uploads streamed to disk become stored images.
   */
  adopt(key: string, sourcePath: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  /**
   * The file's path on this machine, for readers that stream it (sharp decodes from a path without
   * the whole file in a Node buffer). Storage without local files omits it; callers then read().
   */
  localPath?(key: string): string;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public URL path the web uses: /uploads/<key>. */
  publicPath(key: string): string;
  /** Bytes stored, kept up to date by this process's writes (see DirectoryUsage). */
  usedBytes(): Promise<number>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
