/** Where uploaded images live. Keys are relative paths chosen by the server, never by the client. */
export interface FileStorage {
  save(key: string, content: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public URL path the web uses: /uploads/<key>. */
  publicPath(key: string): string;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
