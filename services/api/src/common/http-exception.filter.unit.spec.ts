import { BadRequestException, type ArgumentsHost } from '@nestjs/common';
import { DomainError } from '#domain/shared/domain-error.js';
import { UnstorableEvent, WrongExpectedRevision } from '#event-store/event-store.port.js';
import { SubjectKeyGone } from '#event-store/personal-data/personal-data-cipher.js';
import { HttpExceptionFilter } from './http-exception.filter.js';

/** The filter's answer to one exception, as the client would receive it (on `url` when given). */
function answer(exception: unknown, url?: string): { status: number; body: Record<string, unknown> } {
  const out = { status: 0, body: {} as Record<string, unknown> };
  const res = {
    headersSent: false,
    status(code: number) {
      out.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      out.body = body;
      return this;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res, ...(url ? { getRequest: () => ({ originalUrl: url }) } : {}) }) } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return out;
}

describe('HttpExceptionFilter', () => {
  it('gives a refused field on a back-office route a code and arguments to word, beside the message', () => {
    const refused = DomainError.validation('INVALID_TRACKING_URL', 'trackingUrlTemplate must start with https://', { trackingUrlTemplate: 'must start with https://' });
    expect(answer(refused, '/api/admin/couriers?x=1').body).toMatchObject({
      message: 'trackingUrlTemplate must start with https://',
      code: 'INVALID_TRACKING_URL',
      wording: { code: 'field.invalid', args: { field: 'trackingUrlTemplate', detail: 'must start with https://' } },
    });
    const dto = new BadRequestException({ message: 'trackingUrlTemplate must be at most 1000 characters', field: 'trackingUrlTemplate' });
    expect(answer(dto, '/api/admin/couriers').body).toMatchObject({
      message: 'trackingUrlTemplate must be at most 1000 characters',
      wording: { code: 'field.invalid', args: { field: 'trackingUrlTemplate', detail: 'must be at most 1000 characters' } },
    });
    // The storefront words its refusals itself; no wording there, nor without a field to name.
    expect(answer(refused, '/api/user/cart/checkout').body.wording).toBeUndefined();
    expect(answer(new BadRequestException('Invalid request'), '/api/admin/couriers').body.wording).toBeUndefined();
  });

  it('answers an event the log refused with 400 naming the field and the problem, never 500', () => {
    const refused = new UnstorableEvent('newsletter', 'NewsletterSubscribed', 'id-1', 'data.email', 'NUL byte');
    expect(answer(refused)).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Text that cannot be stored (NUL byte) in email', code: 'UNSTORABLE_TEXT' },
    });
    const nested = new UnstorableEvent('order-1', 'OrderPlaced', 'id-2', 'data.customer.firstName', 'lone surrogate');
    expect(answer(nested).body.message).toBe('Text that cannot be stored (lone surrogate) in customer.firstName');
  });

  it('keeps WrongExpectedRevision a 409', () => {
    expect(answer(new WrongExpectedRevision('cart-1', 0n, 1n)).body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
  });

  it("answers a request for a person erased meanwhile with 410, never 500", () => {
    expect(answer(new SubjectKeyGone('2eb1bc0f-f7b3-45e2-a652-361f2adb96a9')).body).toMatchObject({ statusCode: 410, code: 'SUBJECT_ERASED' });
  });
});
