import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Param, Post, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { parseJsonPart } from '../admin/shared/parse-json-part.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { DeletedView } from '../admin/shared/deleted-response.js';
import { galleryCommand } from './gallery-commands.js';
import { ImageIntakeService, type IncomingFile } from './image-intake.service.js';
import { GalleryUploadView } from './upload-response.js';
import { ImageUpload } from './image-upload.decorator.js';

/** A gallery image's captions, form fields beside the file: the default (English) one and the Arabic one, both optional. */
export class GalleryCaptionsDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'caption must be text' }) @MaxLength(200, { message: 'caption must be at most 200 characters' }) caption?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'captionAr must be text' }) @MaxLength(200, { message: 'captionAr must be at most 200 characters' }) captionAr?: string;
}

/** Gallery mutations (admin). The list, GET /api/gallery, is public (catalog module). */
@ApiTags('admin: gallery')
@AdminOnly('settings.manage')
@Controller('gallery')
export class GalleryAdminController {
  constructor(
    private readonly images: ImageIntakeService,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, caption: { type: 'string', maxLength: 200 }, captionAr: { type: 'string', maxLength: 200 } } } })
  @ImageUpload()
  @ApiCreatedResponse({ type: GalleryUploadView })
  async uploadGalleryImage(@Body() body: Record<string, unknown>, @UploadedFile() file?: IncomingFile): Promise<GalleryUploadView> {
    // The captions are checked before the file is stored: a refusal leaves nothing behind.
    const { caption, captionAr } = await parseJsonPart(body, GalleryCaptionsDto);
    const stored = await this.images.accept(file, 'gallery');
    const imageId = randomUUID();
    try {
      await this.commandBus.execute(galleryCommand({ type: 'AddGalleryImage', data: { imageId, imageUrl: stored.url, caption, captionAr } }));
    } catch (e) {
      await this.images.discard(stored.url);
      throw e;
    }
    return { id: imageId, imageId, imageUrl: stored.url, thumbnails: { jobId: stored.thumbnailsJobId, urls: stored.thumbnails } };
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedView })
  async deleteGalleryImage(@Param('id') id: string): Promise<DeletedView> {
    await this.commandBus.execute(galleryCommand({ type: 'RemoveGalleryImage', data: { imageId: id.slice(0, 64) } }));
    return { id, deleted: true };
  }
}
