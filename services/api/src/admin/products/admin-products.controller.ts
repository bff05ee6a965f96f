import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ProductCommand } from '#domain/catalog/commands.js';
import type { ProductState } from '#domain/catalog/product.decider.js';
import { egpToPiastres, piastresToEgp } from '#domain/shared/money.js';
import { AdminOnly } from '../../auth/admin-only.decorator.js';
import { ProductReads } from '../../reads/products.reads.js';
import { ImageIntakeService, type IncomingFile } from '../../uploads/image-intake.service.js';
import { ImageUpload } from '../../uploads/image-upload.decorator.js';
import { parseJsonPart } from '../shared/parse-json-part.js';
import { AddOnView } from '../../catalog/shop-content-response.js';
import { DeletedView } from '../shared/deleted-response.js';
import { ProductDto } from './product.dto.js';
import { productCommand } from './product-commands.js';
import { AddOnPage } from './product-response.js';
import { parsePaging } from '../shared/paging.js';
import { PagedList } from '../shared/paged-list.decorator.js';

function stateView(s: ProductState): AddOnView {
  return { id: s.productId, name: s.name, description: s.description, nameAr: s.nameAr, descriptionAr: s.descriptionAr, price: piastresToEgp(s.price), imageUrl: s.imageUrl };
}

const uuid = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Add-on products: the list is readable by anyone (the shop shows add-ons), changes are admin-only. */
@ApiTags('admin: products')
@Controller('products')
export class AdminProductsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly products: ProductReads,
    private readonly images: ImageIntakeService,
  ) {}

  @Get()
  @PagedList('products', AddOnPage)
  getAdminProducts(@Query() query: Record<string, unknown>): Promise<AddOnPage> {
    return this.products.page(parsePaging(query, 20));
  }

  /** Multipart: part `data` (JSON {name, nameAr, price, description, descriptionAr, imageUrl}) and optional part `file`; plain JSON works too. */
  @Post()
  @AdminOnly('catalogue.manage')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ProductDto })
  @ImageUpload()
  @ApiCreatedResponse({ type: AddOnView })
  async createProduct(@Body() body: Record<string, unknown>, @UploadedFile() file?: IncomingFile) {
    const dto = await parseJsonPart(body, ProductDto);
    const productId = randomUUID();
    const stored = file ? await this.images.accept(file, 'products') : undefined;
    const command: ProductCommand = {
      type: 'CreateProduct',
      data: {
        productId, name: dto.name, description: dto.description, nameAr: dto.nameAr, descriptionAr: dto.descriptionAr,
        price: egpToPiastres(dto.price), imageUrl: stored?.url ?? dto.imageUrl ?? null,
      },
    };
    return stateView((await this.run(command, stored?.url)).state);
  }

  /** Same shape as create; without a new file (and without imageUrl) the current image is kept. */
  @Put(':id')
  @AdminOnly('catalogue.manage')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: ProductDto })
  @ImageUpload()
  @ApiOkResponse({ type: AddOnView })
  async updateProduct(@Param('id', uuid) id: string, @Body() body: Record<string, unknown>, @UploadedFile() file?: IncomingFile) {
    const dto = await parseJsonPart(body, ProductDto);
    const stored = file ? await this.images.accept(file, 'products') : undefined;
    const command: ProductCommand = {
      type: 'UpdateProduct',
      data: {
        productId: id, name: dto.name, description: dto.description, nameAr: dto.nameAr, descriptionAr: dto.descriptionAr,
        price: egpToPiastres(dto.price), imageUrl: stored?.url ?? dto.imageUrl,
      },
    };
    return stateView((await this.run(command, stored?.url)).state);
  }

  @Delete(':id')
  @AdminOnly('catalogue.manage')
  @ApiOkResponse({ type: DeletedView })
  async deleteProduct(@Param('id', uuid) id: string): Promise<DeletedView> {
    await this.run({ type: 'DeleteProduct', data: { productId: id } });
    return { id, deleted: true };
  }

  private async run(command: ProductCommand, newImageUrl?: string): Promise<{ state: ProductState }> {
    try {
      return await this.commandBus.execute(productCommand(command));
    } catch (e) {
      await this.images.discard(newImageUrl);
      throw e;
    }
  }
}
