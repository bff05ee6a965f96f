import { applyDecorators, BadRequestException, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { concatMap, from, throwError, catchError, type Observable } from 'rxjs';
import { bodyTextRefusal } from '../common/edge-text.js';
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

/**
 * Checks the form's text fields when the file part begins, before a byte of it is stored: multer
 * reads the parts in order, so the fields sent before the file are in `req.body` by then. A
 * refusal (a 400 naming the field) stops the request there, and the file part is never written.
 * Fields after the file cannot be seen first: a route with required fields asks for them first.
 */
export type FieldsBeforeFile = (fields: Record<string, unknown>) => void;

function checkFieldsFirst(check: FieldsBeforeFile) {
  return (req: Request, _file: unknown, accept: (error: Error | null, acceptFile: boolean) => void) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    // The edge text rule first, as the validation pipe applies it later to the whole form; not
    // remembered as checked, since fields after the file may still be added to the same object.
    const refusal = bodyTextRefusal(fields);
    try {
      if (refusal) throw new BadRequestException(refusal);
      check(fields);
      accept(null, true);
    } catch (error) {
      accept(error as Error, false);
    }
  };
}

/**
 * One image in the multipart field `file`, streamed to disk (IncomingDiskStorage), removed after
 * the answer; `fieldsBeforeFile` judges the fields sent before it (see FieldsBeforeFile).
 */
export const ImageUpload = (options: { fieldsBeforeFile?: FieldsBeforeFile } = {}) =>
  applyDecorators(
    UseInterceptors(
      FileInterceptor('file', options.fieldsBeforeFile ? { ...imageUploadOptions, fileFilter: checkFieldsFirst(options.fieldsBeforeFile) } : imageUploadOptions),
      RemoveIncomingInterceptor,
    ),
  );
