import { applyDecorators, Injectable, PayloadTooLargeException, UseInterceptors, type CallHandler, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import { catchError, throwError, type Observable } from 'rxjs';
import { MAX_SETTLEMENT_FILE_BYTES } from '#domain/courier/settlement-file.js';
import { DomainError } from '#domain/shared/domain-error.js';

/** Multer's own 413 ("File too large") says which field and what limit. */
@Injectable()
class NameTheFileInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof PayloadTooLargeException
            ? new DomainError('FILE_TOO_LARGE', `file must be at most ${MAX_SETTLEMENT_FILE_BYTES} bytes`, 'validation', { file: `must be at most ${MAX_SETTLEMENT_FILE_BYTES} bytes` })
            : error,
        ),
      ),
    );
  }
}

/**
 * One CSV in the multipart field `file`, held in memory: busboy stops reading at the limit, so an
 * oversized file costs at most that much, and is a 400 naming `file`.
 */
export const SettlementUpload = () =>
  applyDecorators(
    UseInterceptors(NameTheFileInterceptor, FileInterceptor('file', { storage: memoryStorage(), limits: { fileSize: MAX_SETTLEMENT_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } })),
  );
