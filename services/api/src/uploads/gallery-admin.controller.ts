import { randomUUID } from 'node:crypto';
import { Controller, Delete, Param, Post, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { DeletedView } from '../admin/shared/deleted-response.js';
import { galleryCommand } from './gallery-commands.js';
import { ImageIntakeService, type IncomingFile } from './image-intake.service.js';
import { GalleryUploadView } from './upload-response.js';
import { ImageUpload } from './image-upload.decorator.js';

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
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ImageUpload()
  @ApiCreatedResponse({ type: GalleryUploadView })
  async uploadGalleryImage(@UploadedFile() file?: IncomingFile): Promise<GalleryUploadView> {
    const stored = await this.images.accept(file, 'gallery');
    const imageId = randomUUID();
    try {
      await this.commandBus.execute(galleryCommand({ type: 'AddGalleryImage', data: { imageId, imageUrl: stored.url } }));
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
