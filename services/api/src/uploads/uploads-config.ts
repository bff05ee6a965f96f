/**
 * The shop-wide guards on uploads and the clean-up of uploads nobody ordered, read from the
 * environment once. Kept beside the uploads module (not in AppConfig) so each bound is documented
 * next to the code that enforces it; the README's Environment table lists them all.
 */
export interface UploadsConfig {
  /**
   * UPLOADS_MIN_FREE_MB (default 1024): uploads are refused with 507, and /api/health is degraded
   * naming disk space, while the data directory's file system has less free space than this. The
   * embedded PostgreSQL (the log, its WAL) lives on the same disk and must never be the one that
   * runs out: a gigabyte is hours of the shop's own writes, and minutes of an upload flood.
   */
  minFreeBytes: number;
  /**
   * UPLOADS_QUOTA_MB (default 20480): total size of the uploads folder (originals, renditions)
   * beyond which shoppers' and admins' uploads are refused with 507. A custom poster takes ~2-12 MB
   * with its renditions; 20 GB is thousands of them, far more than the orders that keep them.
   */
  quotaBytes: number;
  /**
   * UPLOADS_ORPHAN_GRACE_HOURS (default 720, 30 days): a shopper's upload that no placed order
   * references is deleted, with its renditions, once it and its cart have been idle this long.
   * Carts have no end of life (the cart id stays in the browser's storage), so the clock is the
   * cart's last event, not the upload's age: an open cart in use never loses its photo.
   */
  orphanGraceMs: number;
  /** UPLOADS_SWEEP_MINUTES (default 60): how often the clean-up runs; 0 turns it off. */
  sweepIntervalMs: number;
  /**
   * IMAGE_QUEUE_MAX_WAITING (default 24): uploads waiting for an image-work slot; past it the
   * answer is 503 with Retry-After. A waiting upload holds only a file on disk, so this bounds the
   * wait (~0.5-1 s per slot per 10 MB image), not memory.
   */
  imageQueueMaxWaiting: number;
}

function megabytes(value: string | undefined, fallbackMb: number): number {
  const n = Number(value);
  return (value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallbackMb) * 1024 * 1024;
}

function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && /^\d+$/.test(value.trim()) && Number.isSafeInteger(n) ? n : fallback;
}

export function loadUploadsConfig(env: NodeJS.ProcessEnv = process.env): UploadsConfig {
  return {
    minFreeBytes: megabytes(env.UPLOADS_MIN_FREE_MB, 1024),
    quotaBytes: megabytes(env.UPLOADS_QUOTA_MB, 20 * 1024),
    orphanGraceMs: count(env.UPLOADS_ORPHAN_GRACE_HOURS, 720) * 3600 * 1000,
    sweepIntervalMs: count(env.UPLOADS_SWEEP_MINUTES, 60) * 60 * 1000,
    imageQueueMaxWaiting: count(env.IMAGE_QUEUE_MAX_WAITING, 24),
  };
}
