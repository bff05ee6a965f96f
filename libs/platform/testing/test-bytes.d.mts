export function seededBytes(length: number, seed?: number): Buffer;
export function pngBomb(width?: number, height?: number): Buffer;
