import { ApiProperty } from '@nestjs/swagger';

export class ThumbnailsView {
  @ApiProperty({ description: 'The job making them' }) jobId!: string;
  @ApiProperty({ type: [String], description: 'Webp thumbnails (small, medium, large) once made' }) urls!: string[];
}

export class GalleryUploadView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Same as id' }) imageId!: string;
  @ApiProperty() imageUrl!: string;
  @ApiProperty({ type: () => ThumbnailsView }) thumbnails!: ThumbnailsView;
}
