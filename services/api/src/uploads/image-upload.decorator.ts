import { applyDecorators, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { concatMap, from, throwError, catchError, type Observable } from 'rxjs';
import { removeIncoming } from './incoming-disk-storage.js';
import { imageUploadOptions } from './upload-limits.js';

/**
 * Removes the received file (and its re-encode) before the answer goes out, refused or not: by
 * then what was kept has been moved into the store. Awaited, so no test and no disk ever sees an
 * upload's leftovers after its response (the response's close event is the backstop for a
 * client that went away).
 */
@Injectable()
class RemoveIncomingInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const cleanup = () => removeIncoming((req.file as { path?: string } | undefined)?.path);
    return next.handle().pipe(
      concatMap(async (value) => {
        await cleanup();
        return value;
      }),
      catchError((error: unknown) => from(cleanup()).pipe(concatMap(() => throwError(() => error)))),
    );
  }
}

/** One image in the multipart field `file`, streamed to disk (IncomingDiskStorage), removed after the answer. */
export const ImageUpload = () => applyDecorators(UseInterceptors(FileInterceptor('file', imageUploadOptions), RemoveIncomingInterceptor));
