import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/**
 * Operation ids are the controller methods' names, which the web's generated client turns into
 * endpoint and hook names (`getCart` → `useGetCartQuery`). A route served on two paths (the
 * login aliases) gets `name` on the first and `nameAlias1`, … on the others.
 */
export function operationId(_controllerKey: string, methodKey: string): string {
  const alias = /^(.*)\[(\d+)\]$/.exec(methodKey);
  if (!alias) return methodKey;
  return alias[2] === '0' ? alias[1] : `${alias[1]}Alias${alias[2]}`;
}

/** The one OpenAPI document of the API: served at /api/docs-json and written to web/src/api/openapi.json. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Poster shop API')
    .setDescription('Storefront, cart and checkout, admin back-office. Commands answer X-Event-Position (the log position to an admin, an opaque token to anyone else); queries accept it back unchanged as X-Wait-For-Position.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
}
