import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PosterCommand, VariantInput } from '#domain/catalog/commands.js';
import { egpToPiastres } from '#domain/shared/money.js';
import { uuidFromName } from '#domain/shared/uuid-from-name.js';
import { CATEGORIES } from '#domain/shop-config.js';
import { AdminOnly, Requires } from '../../auth/admin-only.decorator.js';
import { ReadsProjections } from '../../common/reads-projections.decorator.js';
import { PosterReads } from '../../reads/posters.reads.js';
import { ImageIntakeService, type IncomingFile } from '../../uploads/image-intake.service.js';
import { ImageUpload } from '../../uploads/image-upload.decorator.js';
import { parseJsonPart } from '../shared/parse-json-part.js';
import { parsePaging, parseSearch } from '../shared/paging.js';
import { AdminPosterPage, AdminPosterView, PosterImageView, PosterStateView } from './admin-poster-response.js';
import { posterStateView } from './admin-poster-view.js';
import { CreatePosterDto, UpdatePosterDto, type PosterVariantDto } from './dto/poster.dto.js';
import { posterCommands } from './poster-commands.js';
import { PagedList } from '../shared/paged-list.decorator.js';

/** Variant ids are derived from poster and size, so re-adding a size gives back its old id. */
function variantInputs(posterId: string, variants: readonly PosterVariantDto[]): VariantInput[] {
  return variants.map((v) => ({ variantId: uuidFromName(`${posterId}/variant/${v.size}`), size: v.size, price: egpToPiastres(v.price) }));
}

@ApiTags('admin: posters')
@AdminOnly('catalogue.read')
@Controller('admin')
export class AdminPostersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly posters: PosterReads,
    private readonly images: ImageIntakeService,
  ) {}

  @Get('posters')
  @PagedList('posters', AdminPosterPage, 'In name or description')
  getAdminPosters(@Query() query: Record<string, unknown>): Promise<AdminPosterPage> {
    return this.posters.adminPage(parsePaging(query, 20), parseSearch(query));
  }

  @Get('posters/deleted')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({ type: [AdminPosterView] })
  getDeletedPosters(): Promise<AdminPosterView[]> {
    return this.posters.deleted();
  }

  @Get('posters/:id')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({ type: AdminPosterView })
  getAdminPoster(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<AdminPosterView> {
    return this.posters.byId(id);
  }

  @Get('categories')
  @ApiOkResponse({ description: 'Every category code', type: [String] })
  getAdminCategories(): string[] {
    return [...CATEGORIES];
  }

  /** The old admin asked for a poster's image URL separately. */
  @Get(':posterId/image')
  @ReadsProjections('posters', 'discounts')
  @ApiOkResponse({ type: PosterImageView })
  async getPosterImage(@Param('posterId', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) posterId: string) {
    return { url: await this.posters.imageUrl(posterId) };
  }

  /** JSON, or multipart with a JSON part `data` and an image part `file`. */
  @Requires('catalogue.manage')
  @Post('posters')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: CreatePosterDto })
  @ImageUpload()
  @ApiCreatedResponse({ type: PosterStateView })
  async createPoster(@Body() body: Record<string, unknown>, @UploadedFile() file?: IncomingFile) {
    const dto = await parseJsonPart(body, CreatePosterDto);
    const posterId = randomUUID();
    const stored = file ? await this.images.accept(file, 'posters') : undefined;
    const command: PosterCommand = {
      type: 'CreatePoster',
      data: {
        posterId,
        name: dto.name,
        description: dto.description ?? '',
        nameAr: dto.nameAr,
        descriptionAr: dto.descriptionAr,
        category: dto.category,
        imageUrl: stored?.url ?? dto.imageUrl ?? '',
        visible: dto.visible ?? true,
        variants: variantInputs(posterId, dto.variants),
      },
    };
    const { state } = await this.run(posterId, [command], stored?.url);
    return posterStateView(state);
  }

  /** Partial update: name, description, their Arabic, category, imageUrl, variants, visible (each optional). */
  @Requires('catalogue.manage')
  @Put('posters/:id')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: UpdatePosterDto })
  @ImageUpload()
  @ApiOkResponse({ type: PosterStateView })
  async updatePoster(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @Body() body: Record<string, unknown>, @UploadedFile() file?: IncomingFile) {
    const dto = await parseJsonPart(body, UpdatePosterDto);
    const stored = file ? await this.images.accept(file, 'posters') : undefined;
    const commands: PosterCommand[] = [];
    const imageUrl = stored?.url ?? dto.imageUrl;
    const details = { name: dto.name, description: dto.description, nameAr: dto.nameAr, descriptionAr: dto.descriptionAr, category: dto.category, imageUrl };
    if (Object.values(details).some((v) => v !== undefined)) {
      commands.push({ type: 'ChangePosterDetails', data: { posterId: id, ...details } });
    }
    if (dto.variants !== undefined) commands.push({ type: 'ChangePosterVariants', data: { posterId: id, variants: variantInputs(id, dto.variants) } });
    if (dto.visible !== undefined) commands.push({ type: 'ChangePosterVisibility', data: { posterId: id, visible: dto.visible } });
    // Nothing to change still checks the poster exists (404 rather than a silent 200).
    if (commands.length === 0) commands.push({ type: 'ChangePosterDetails', data: { posterId: id } });
    const { state } = await this.run(id, commands, stored?.url);
    return posterStateView(state);
  }

  @Requires('catalogue.manage')
  @Delete('posters/:id')
  @ApiOkResponse({ type: PosterStateView })
  async deletePoster(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string) {
    const { state } = await this.run(id, [{ type: 'DeletePoster', data: { posterId: id } }]);
    return posterStateView(state);
  }

  @Requires('catalogue.manage')
  @Post('posters/:id/recover')
  @HttpCode(200)
  @ApiOkResponse({ type: PosterStateView })
  async recoverPoster(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string) {
    const { state } = await this.run(id, [{ type: 'RecoverPoster', data: { posterId: id } }]);
    return posterStateView(state);
  }

  /** A refused command must not leave the image it brought behind. */
  private async run(posterId: string, commands: PosterCommand[], newImageUrl?: string) {
    try {
      return await this.commandBus.execute(posterCommands(posterId, commands));
    } catch (e) {
      await this.images.discard(newImageUrl);
      throw e;
    }
  }
}
